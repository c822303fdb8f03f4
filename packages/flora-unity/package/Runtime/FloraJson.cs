// A small JSON reader for the model folder's template (<Name>_template.json): Unity's JsonUtility reads no
// dictionaries, and the template's instructions and tokens are objects keyed by name. Objects keep their keys'
// order (the template's first name of a reaction key is its name, as in Flora-JS).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Greenhouse.Flora
{
    internal sealed class JsonObject
    {
        public readonly List<KeyValuePair<string, object>> Members = new List<KeyValuePair<string, object>>();

        /// <summary>The member's value (the first of that name), or null.</summary>
        public object Get(string name)
        {
            foreach (var member in Members)
                if (member.Key == name) return member.Value;
            return null;
        }
    }

    /// <summary>Parses JSON to JsonObject, List&lt;object&gt;, string, double, bool and null; FormatException on bad JSON.</summary>
    internal sealed class FloraJson
    {
        private readonly string text;
        private int at;

        private FloraJson(string text)
        {
            this.text = text;
        }

        public static object Parse(string text)
        {
            var reader = new FloraJson(text);
            object value = reader.Value();
            reader.Space();
            if (reader.at != text.Length) throw reader.Bad("text after the value");
            return value;
        }

        private FormatException Bad(string what)
        {
            return new FormatException(what + " at character " + at);
        }

        private void Space()
        {
            while (at < text.Length && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        }

        private void Expect(char c)
        {
            Space();
            if (at >= text.Length || text[at] != c) throw Bad("'" + c + "' expected");
            at++;
        }

        private object Value()
        {
            Space();
            if (at >= text.Length) throw Bad("a value expected");
            char c = text[at];
            if (c == '{') return Object();
            if (c == '[') return Array();
            if (c == '"') return String();
            if (Word("true")) return true;
            if (Word("false")) return false;
            if (Word("null")) return null;
            return Number();
        }

        private bool Word(string word)
        {
            if (string.CompareOrdinal(text, at, word, 0, word.Length) != 0) return false;
            at += word.Length;
            return true;
        }

        private JsonObject Object()
        {
            var result = new JsonObject();
            Expect('{');
            Space();
            if (at < text.Length && text[at] == '}')
            {
                at++;
                return result;
            }
            while (true)
            {
                Space();
                if (at >= text.Length || text[at] != '"') throw Bad("a member name expected");
                string name = String();
                Expect(':');
                result.Members.Add(new KeyValuePair<string, object>(name, Value()));
                Space();
                if (at < text.Length && text[at] == ',')
                {
                    at++;
                    continue;
                }
                Expect('}');
                return result;
            }
        }

        private List<object> Array()
        {
            var result = new List<object>();
            Expect('[');
            Space();
            if (at < text.Length && text[at] == ']')
            {
                at++;
                return result;
            }
            while (true)
            {
                result.Add(Value());
                Space();
                if (at < text.Length && text[at] == ',')
                {
                    at++;
                    continue;
                }
                Expect(']');
                return result;
            }
        }

        private string String()
        {
            at++;
            var result = new StringBuilder();
            while (true)
            {
                if (at >= text.Length) throw Bad("an unterminated string");
                char c = text[at++];
                if (c == '"') return result.ToString();
                if (c < ' ') throw Bad("a control character in a string");
                if (c != '\\')
                {
                    result.Append(c);
                    continue;
                }
                if (at >= text.Length) throw Bad("an unterminated string");
                char e = text[at++];
                switch (e)
                {
                    case '"': result.Append('"'); break;
                    case '\\': result.Append('\\'); break;
                    case '/': result.Append('/'); break;
                    case 'b': result.Append('\b'); break;
                    case 'f': result.Append('\f'); break;
                    case 'n': result.Append('\n'); break;
                    case 'r': result.Append('\r'); break;
                    case 't': result.Append('\t'); break;
                    case 'u':
                        int code;
                        if (at + 4 > text.Length ||
                            !int.TryParse(text.Substring(at, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code))
                            throw Bad("a bad \\u escape");
                        result.Append((char)code);
                        at += 4;
                        break;
                    default: throw Bad("a bad escape");
                }
            }
        }

        private double Number()
        {
            int start = at;
            if (at < text.Length && text[at] == '-') at++;
            while (at < text.Length && "0123456789.eE+-".IndexOf(text[at]) >= 0) at++;
            double value;
            if (at == start || !double.TryParse(text.Substring(start, at - start), NumberStyles.Float,
                    CultureInfo.InvariantCulture, out value))
                throw Bad("a bad number");
            return value;
        }
    }
}
