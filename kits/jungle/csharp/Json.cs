// A small JSON reader for the C# starter kit (Mono's base class library
// has no JSON reader): you should not need to change it.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

// A JSON value: null, bool, double, string, List<Json> or an object whose
// members keep their order.
public class Json
{
    public enum Kind { Null, Bool, Number, String, Array, Object }
    public Kind Type = Kind.Null;
    public bool Bool;
    public double Number;
    public string String = "";
    public List<Json> Items = new List<Json>();
    public List<KeyValuePair<string, Json>> Members = new List<KeyValuePair<string, Json>>();

    static readonly Json NullValue = new Json();

    // The member key of an object (a null value when absent).
    public Json this[string key]
    {
        get
        {
            foreach (var kv in Members)
                if (kv.Key == key) return kv.Value;
            return NullValue;
        }
    }
    public bool IsNull { get { return Type == Kind.Null; } }
    public int Int { get { return (int)Number; } }

    public static Json Parse(string text)
    {
        int i = 0;
        Json v = Value(text, ref i);
        Space(text, ref i);
        if (i != text.Length) throw new FormatException("trailing characters in JSON at " + i);
        return v;
    }

    // Quotes a string as JSON.
    public static string Quote(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in s)
        {
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                case '\n': sb.Append("\\n"); break;
                case '\r': sb.Append("\\r"); break;
                case '\t': sb.Append("\\t"); break;
                default:
                    if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4"));
                    else sb.Append(c);
                    break;
            }
        }
        return sb.Append('"').ToString();
    }

    static void Space(string s, ref int i)
    {
        while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    }

    static void Expect(string s, ref int i, char c)
    {
        Space(s, ref i);
        if (i >= s.Length || s[i] != c) throw new FormatException("JSON: expected " + c + " at " + i);
        i++;
    }

    static string Str(string s, ref int i)
    {
        Expect(s, ref i, '"');
        var sb = new StringBuilder();
        while (i < s.Length && s[i] != '"')
        {
            char c = s[i++];
            if (c != '\\') { sb.Append(c); continue; }
            if (i >= s.Length) break;
            char e = s[i++];
            switch (e)
            {
                case 'n': sb.Append('\n'); break;
                case 't': sb.Append('\t'); break;
                case 'r': sb.Append('\r'); break;
                case 'b': sb.Append('\b'); break;
                case 'f': sb.Append('\f'); break;
                case 'u':
                    if (i + 4 > s.Length) throw new FormatException("JSON: bad \\u escape");
                    sb.Append((char)Convert.ToInt32(s.Substring(i, 4), 16)); // C# strings are UTF-16: surrogates pair up
                    i += 4;
                    break;
                default: sb.Append(e); break; // \" \\ \/
            }
        }
        Expect(s, ref i, '"');
        return sb.ToString();
    }

    static Json Value(string s, ref int i)
    {
        Space(s, ref i);
        if (i >= s.Length) throw new FormatException("JSON: unexpected end");
        var v = new Json();
        char c = s[i];
        if (c == '{')
        {
            v.Type = Kind.Object;
            i++;
            Space(s, ref i);
            if (i < s.Length && s[i] == '}') { i++; return v; }
            for (;;)
            {
                string key = Str(s, ref i);
                Expect(s, ref i, ':');
                v.Members.Add(new KeyValuePair<string, Json>(key, Value(s, ref i)));
                Space(s, ref i);
                if (i < s.Length && s[i] == ',') { i++; continue; }
                Expect(s, ref i, '}');
                return v;
            }
        }
        if (c == '[')
        {
            v.Type = Kind.Array;
            i++;
            Space(s, ref i);
            if (i < s.Length && s[i] == ']') { i++; return v; }
            for (;;)
            {
                v.Items.Add(Value(s, ref i));
                Space(s, ref i);
                if (i < s.Length && s[i] == ',') { i++; continue; }
                Expect(s, ref i, ']');
                return v;
            }
        }
        if (c == '"') { v.Type = Kind.String; v.String = Str(s, ref i); return v; }
        if (string.CompareOrdinal(s, i, "true", 0, 4) == 0) { i += 4; v.Type = Kind.Bool; v.Bool = true; return v; }
        if (string.CompareOrdinal(s, i, "false", 0, 5) == 0) { i += 5; v.Type = Kind.Bool; return v; }
        if (string.CompareOrdinal(s, i, "null", 0, 4) == 0) { i += 4; return v; }
        int start = i;
        while (i < s.Length && "+-.eE0123456789".IndexOf(s[i]) >= 0) i++;
        v.Type = Kind.Number;
        if (!double.TryParse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture, out v.Number))
            throw new FormatException("JSON: bad value at " + start);
        return v;
    }
}
