(ns Player
  (:gen-class))

; Ants & Crystals, as a CodinGame player writes it in Clojure: read-line, println.
(defn -main [& args]
  (let [n (Integer/parseInt (read-line))
        kinds (vec (for [_ (range n)] (first (clojure.string/split (read-line) #" "))))
        target (or (first (keep-indexed (fn [i k] (when (= k "2") i)) kinds)) -1)
        _ (read-line)
        my-base (first (clojure.string/split (read-line) #" "))
        _ (read-line)]
    (loop []
      (when-let [scores (read-line)]
        (dotimes [_ n] (read-line))
        (println (if (>= target 0) (str "LINE " my-base " " target " 1") "WAIT"))
        (flush)
        (recur)))))
