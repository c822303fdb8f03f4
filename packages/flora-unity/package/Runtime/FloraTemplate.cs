// The model folder's template (<Name>_template.json, MTP template 2.1.0): the instructions' key lines, from which
// a request's prompt is rendered as the Unreal plugin renders it (Flora native reads that prompt), and their
// reactions, by which an answer's reaction line is named — as Flora-JS reads the same template
// (packages/flora/src/template.ts).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

namespace Greenhouse.Flora
{
    internal sealed class FloraTemplate
    {
        private const string Guardrail = "<UNK>_";
        private const string StringSlot = "<string>";

        // A number slot of a key line: <num_MIN_MAX> takes one number, <num_MIN_MAX_LEN> a list of LEN. [0-9], not
        // \d, which in .NET matches every script's digits.
        private const string SlotNumber = "-?[0-9]+(?:\\.[0-9]+)?(?:e[-+]?[0-9]+)?";
        private static readonly Regex Slot =
            new Regex("<num_(" + SlotNumber + ")_(" + SlotNumber + ")(?:_([0-9]+))?>", RegexOptions.CultureInvariant);

        internal sealed class KeyLine
        {
            public string Pattern;
            public double[] Min, Max;
            public int[] Length;
            public int Numbers;
        }

        internal sealed class Reaction
        {
            public string Line, Name;
            public bool Refused;
        }

        internal sealed class Instruction
        {
            public string Name;
            public KeyLine[] Inputs;
            public KeyLine Response;
            public string Begin, End;
            public List<Reaction> Reactions = new List<Reaction>();
        }

        public readonly List<Instruction> Instructions = new List<Instruction>();

        /// <summary>The template of the model folder: &lt;folder name&gt;_template.json, else its only *_template.json.</summary>
        public static FloraTemplate Read(string modelDir)
        {
            string name = Path.GetFileName(Path.GetFullPath(modelDir).TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar));
            string file = Path.Combine(modelDir, name + "_template.json");
            if (!File.Exists(file))
            {
                string[] found = Directory.GetFiles(modelDir, "*_template.json");
                if (found.Length != 1)
                    throw new FloraException("the model folder " + modelDir + " has no " + name + "_template.json " +
                        "(the agent's Unreal download, unzipped, or `flora export-unreal`, makes one)");
                file = found[0];
            }
            try
            {
                return new FloraTemplate(FloraJson.Parse(File.ReadAllText(file, Encoding.UTF8)), file);
            }
            catch (FormatException e)
            {
                throw new FloraException(file + " is not JSON: " + e.Message, e);
            }
            catch (IOException e)
            {
                throw new FloraException("cannot read " + file + ": " + e.Message, e);
            }
        }

        private FloraTemplate(object json, string file)
        {
            var root = json as JsonObject;
            var instructions = root == null ? null : root.Get("instructions") as JsonObject;
            if (instructions == null) throw new FloraException(file + " has no instructions");
            var tokens = root.Get("tokens") as JsonObject;
            var outputs = tokens == null ? null : tokens.Get("output") as JsonObject;
            var nameOfKey = new Dictionary<string, string>();
            if (outputs != null)
                foreach (var member in outputs.Members)
                {
                    var key = member.Value as string;
                    if (key != null && !nameOfKey.ContainsKey(key)) nameOfKey[key] = member.Key;
                }
            foreach (var member in instructions.Members)
                Instructions.Add(ReadInstruction(member.Key, member.Value as JsonObject, nameOfKey, file));
        }

        private static Instruction ReadInstruction(string name, JsonObject json, Dictionary<string, string> nameOfKey, string file)
        {
            Func<string, FloraException> bad = why => new FloraException(file + ": instruction \"" + name + "\" " + why);
            var input = json == null ? null : json.Get("input") as List<object>;
            if (input == null || input.Count < 3 || !input.TrueForAll(p => p is string)) throw bad("has no input patterns");
            var patterns = input.ConvertAll(p => (string)p);
            var instruction = new Instruction { Name = name, Begin = patterns[0], End = patterns[patterns.Count - 1] };
            if (instruction.Begin != "<BOS>\n" || instruction.End != "<RUN>") throw bad("does not start with <BOS> and end with <RUN>");
            const string suffix = "\n" + StringSlot + "\n";
            instruction.Inputs = new KeyLine[patterns.Count - 3];
            for (int k = 0; k < instruction.Inputs.Length; k++)
            {
                string p = patterns[1 + k];
                if (!p.EndsWith(suffix, StringComparison.Ordinal)) throw bad("has a bad input line");
                instruction.Inputs[k] = ReadKeyLine(p.Substring(0, p.Length - suffix.Length));
            }
            string response = patterns[patterns.Count - 2];
            if (!response.EndsWith("\n", StringComparison.Ordinal) || response.Contains(StringSlot)) throw bad("has a bad response line");
            instruction.Response = ReadKeyLine(response.Substring(0, response.Length - 1));
            var output = json.Get("output") as List<object>;
            if (output != null)
                foreach (var o in output)
                {
                    var text = o as string;
                    string[] lines = text == null ? new string[0] : text.Split('\n');
                    if (lines.Length < 3 || lines[lines.Length - 1] != "<EOS>") continue;
                    string line = lines[lines.Length - 2];
                    if (!instruction.Reactions.Exists(r => r.Line == line)) instruction.Reactions.Add(ReadReaction(line, nameOfKey));
                }
            if (instruction.Reactions.Count == 0) throw bad("lists no reactions");
            return instruction;
        }

        private static KeyLine ReadKeyLine(string pattern)
        {
            MatchCollection slots = Slot.Matches(pattern);
            var line = new KeyLine { Pattern = pattern, Min = new double[slots.Count], Max = new double[slots.Count], Length = new int[slots.Count] };
            for (int k = 0; k < slots.Count; k++)
            {
                line.Min[k] = double.Parse(slots[k].Groups[1].Value, NumberStyles.Float, CultureInfo.InvariantCulture);
                line.Max[k] = double.Parse(slots[k].Groups[2].Value, NumberStyles.Float, CultureInfo.InvariantCulture);
                // 0: one number; n: a list of n.
                line.Length[k] = slots[k].Groups[3].Success ? int.Parse(slots[k].Groups[3].Value, CultureInfo.InvariantCulture) : 0;
                line.Numbers += Math.Max(line.Length[k], 1);
            }
            return line;
        }

        private static Reaction ReadReaction(string line, Dictionary<string, string> nameOfKey)
        {
            bool refused = line.EndsWith(Guardrail, StringComparison.Ordinal) && line != Guardrail;
            string key = refused ? line.Substring(0, line.Length - Guardrail.Length) : line;
            if (refused && key == "<NON>_") key = "<NON>";
            string name;
            return new Reaction { Line = line, Name = nameOfKey.TryGetValue(key, out name) ? name : key, Refused = refused };
        }

        public Instruction Find(string name)
        {
            var instruction = Instructions.Find(i => i.Name == name);
            if (instruction != null) return instruction;
            var names = Instructions.ConvertAll(i => "\"" + i.Name + "\"");
            throw new ArgumentException("no instruction \"" + name + "\"; this agent has " + string.Join(", ", names.ToArray()));
        }

        /// <summary>
        /// The prompt as the Unreal plugin renders it from the template: &lt;BOS&gt;, per input line its key line (slots
        /// filled) and its text (line breaks as spaces, as Flora-JS writes them), the response key line, &lt;RUN&gt;.
        /// </summary>
        public static string Prompt(Instruction instruction, IList<FloraInput> inputs, IList<double> responseNumbers)
        {
            if (inputs.Count != instruction.Inputs.Length)
                throw new ArgumentException("\"" + instruction.Name + "\" takes " + instruction.Inputs.Length + " input line(s), got " + inputs.Count);
            var prompt = new StringBuilder(instruction.Begin);
            for (int k = 0; k < inputs.Count; k++)
            {
                if (inputs[k] == null) throw new ArgumentNullException("inputs", "input line " + (k + 1) + " is null");
                string where = "input line " + (k + 1) + " of \"" + instruction.Name + "\"";
                prompt.Append(Fill(instruction.Inputs[k], inputs[k].Numbers, where)).Append('\n');
                prompt.Append(inputs[k].Text.Replace("\r\n", " ").Replace('\r', ' ').Replace('\n', ' ')).Append('\n');
            }
            string response = "the response line of \"" + instruction.Name + "\"";
            prompt.Append(Fill(instruction.Response, responseNumbers ?? new double[0], response)).Append('\n');
            return prompt.Append(instruction.End).ToString();
        }

        /// <summary>A key line with its slots filled: a number as JavaScript's String() writes it, a list as "[a, b]".</summary>
        private static string Fill(KeyLine line, IList<double> numbers, string where)
        {
            if (numbers.Count != line.Numbers)
                throw new ArgumentException(where + " takes " + line.Numbers + " number(s), got " + numbers.Count);
            int at = 0, slot = 0;
            return Slot.Replace(line.Pattern, match =>
            {
                int k = slot++;
                var texts = new List<string>();
                for (int n = Math.Max(line.Length[k], 1); n > 0; n--)
                {
                    double value = numbers[at++];
                    if (double.IsNaN(value) || double.IsInfinity(value))
                        throw new ArgumentException(where + ": " + value.ToString(CultureInfo.InvariantCulture) + " is not a number");
                    if (value < line.Min[k] || value > line.Max[k])
                        throw new ArgumentException(where + ": " + JsNumber(value) + " is outside " + JsNumber(line.Min[k]) + "…" + JsNumber(line.Max[k]));
                    texts.Add(JsNumber(value));
                }
                return line.Length[k] == 0 ? texts[0] : "[" + string.Join(", ", texts.ToArray()) + "]";
            });
        }

        /// <summary>
        /// A double as JavaScript's String() writes it (the text Flora-JS puts in a key line, which Flora native reads
        /// back to the same double): the fewest significant digits that read back to it, laid out as ECMAScript's
        /// Number::toString lays them out. The digits come from the runtime's correctly rounded "E" format, the
        /// first precision that reads back (the "R" format is not the shortest on Mono).
        /// </summary>
        internal static string JsNumber(double value)
        {
            if (value == 0) return "0";
            string exponential = null;
            for (int precision = 1; precision <= 17; precision++)
            {
                exponential = Math.Abs(value).ToString("E" + (precision - 1), CultureInfo.InvariantCulture);
                if (double.Parse(exponential, NumberStyles.Float, CultureInfo.InvariantCulture) == Math.Abs(value)) break;
            }
            int e = exponential.IndexOf('E');
            string digits = exponential.Substring(0, e).Replace(".", "").TrimEnd('0');
            // value = 0.digits × 10^n
            int n = int.Parse(exponential.Substring(e + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture) + 1;
            int k = digits.Length;
            string text;
            if (k <= n && n <= 21) text = digits + new string('0', n - k);
            else if (0 < n && n <= 21) text = digits.Substring(0, n) + "." + digits.Substring(n);
            else if (-6 < n && n <= 0) text = "0." + new string('0', -n) + digits;
            else
            {
                string mantissa = k == 1 ? digits : digits.Substring(0, 1) + "." + digits.Substring(1);
                text = mantissa + "e" + (n - 1 < 0 ? "-" : "+") + Math.Abs(n - 1).ToString(CultureInfo.InvariantCulture);
            }
            return value < 0 ? "-" + text : text;
        }

        /// <summary>The instruction's reaction the model wrote: the line itself, or a number reaction's key and its number.</summary>
        public static Reaction FindReaction(Instruction instruction, string line, out double? value)
        {
            value = null;
            var same = instruction.Reactions.Find(r => r.Line == line);
            if (same != null) return same;
            foreach (var reaction in instruction.Reactions)
            {
                double number;
                if (!reaction.Refused && line.StartsWith(reaction.Line, StringComparison.Ordinal) &&
                    double.TryParse(line.Substring(reaction.Line.Length), NumberStyles.Float, CultureInfo.InvariantCulture, out number))
                {
                    value = number;
                    return reaction;
                }
            }
            throw new FloraException("the answer's reaction \"" + line + "\" is not one of \"" + instruction.Name +
                "\"'s in the template: are the template and the .bin files of two agents?");
        }
    }
}
