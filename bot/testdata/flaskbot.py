# A 2020-style territory bot: Flask served by gevent's WSGI server.
import os
from flask import Flask, request, jsonify
from gevent.pywsgi import WSGIServer

app = Flask(__name__)

@app.route("/Consciousness/GetStatus/", methods=["GET"])
def status():
    return "true"

@app.route("/Consciousness/OnNextMove/", methods=["POST"])
def move():
    request.get_json(force=True, silent=True)
    return jsonify({"X": 0, "Y": 0})

@app.route("/Consciousness/PutFinalMap/", methods=["PUT"])
def final():
    return ""

WSGIServer(("127.0.0.1", int(os.environ["PORT"])), app, log=None).serve_forever()
