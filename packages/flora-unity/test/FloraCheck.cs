// The test program of src/unity-binding.test.ts: uses the binding (Greenhouse.Flora.dll, compiled from
// package/Runtime) as a game would, and prints what it got as JSON lines (ASCII: \u escapes) for the test to compare
// with Flora-JS. Every FloraException, ArgumentException or ObjectDisposedException is caught and printed; any
// other exception ends the program as unhandled (exit 1), and a crash with a signal.
//   FloraCheck answers REQUESTS_A DIR_A REQUESTS_B DIR_B   three threads at once: A's requests with agent A, B's
//                                                          with agent B, and A's again with agent A (shared)
//   FloraCheck prompts REQUESTS DIR                        the prompt of each request
//   FloraCheck load [--log] DIR...                         loads each folder (--log: LogToFile first)
//   FloraCheck misuse DIR                                  wrong requests, and a call after Dispose
// REQUESTS: a request a line, tab-separated: the instruction, then per input line its text (base64 of UTF-8) and
// its numbers (the doubles' bits in hex, comma-separated).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using System.Threading;
using Greenhouse.Flora;

internal static class FloraCheck
{
    private sealed class Request
    {
        public string Instruction;
        public FloraInput[] Inputs;
    }

    private static List<Request> ReadRequests(string file)
    {
        var requests = new List<Request>();
        foreach (string line in File.ReadAllLines(file))
        {
            string[] fields = line.Split('\t');
            var inputs = new FloraInput[(fields.Length - 1) / 2];
            for (int k = 0; k < inputs.Length; k++)
            {
                string text = Encoding.UTF8.GetString(Convert.FromBase64String(fields[1 + 2 * k]));
                string numbers = fields[2 + 2 * k];
                inputs[k] = new FloraInput(text, numbers.Length == 0
                    ? new double[0]
                    : Array.ConvertAll(numbers.Split(','), bits => BitConverter.Int64BitsToDouble(Convert.ToInt64(bits, 16))));
            }
            requests.Add(new Request { Instruction = fields[0], Inputs = inputs });
        }
        return requests;
    }

    private static string Json(string text)
    {
        if (text == null) return "null";
        var json = new StringBuilder("\"");
        foreach (char c in text)
        {
            if (c == '"' || c == '\\') json.Append('\\').Append(c);
            else if (c < ' ' || c > '~') json.Append("\\u").Append(((int)c).ToString("x4"));
            else json.Append(c);
        }
        return json.Append('"').ToString();
    }

    private static string Json(double value)
    {
        return value.ToString("R", CultureInfo.InvariantCulture);
    }

    private static string Error(Exception e)
    {
        return "{\"error\":" + Json(e.GetType().Name + ": " + e.Message) + "}";
    }

    /// <summary>Runs the action, printing the expected kinds of exception (the line's start, then the error).</summary>
    private static void Try(string start, Action action)
    {
        try
        {
            action();
        }
        catch (Exception e) when (e is FloraException || e is ArgumentException || e is ObjectDisposedException)
        {
            Console.WriteLine("{" + start + "," + Error(e).Substring(1));
        }
    }

    private static string Answer(FloraAgent agent, Request request)
    {
        try
        {
            FloraAnswer a = agent.Answer(request.Instruction, request.Inputs);
            return "{\"line\":" + Json(a.Line) + ",\"reaction\":" + Json(a.Reaction) + ",\"name\":" + Json(a.ReactionName) +
                ",\"refused\":" + (a.Refused ? "true" : "false") +
                ",\"value\":" + (a.ReactionValue.HasValue ? Json(a.ReactionValue.Value) : "null") +
                ",\"tokensPerSecond\":" + Json(a.TokensPerSecond) + ",\"tokens\":" + a.Tokens +
                ",\"promptTokens\":" + a.PromptTokens + ",\"firstTokenMs\":" + Json(a.TimeToFirstTokenMs) + "}";
        }
        catch (FloraException e)
        {
            return Error(e);
        }
    }

    private static int Main(string[] args)
    {
        switch (args[0])
        {
            case "answers":
            {
                var a = FloraAgent.Load(args[2]);
                var b = FloraAgent.Load(args[4]);
                Console.WriteLine("{\"instructions\":[" + string.Join(",", new List<string>(a.Instructions).ConvertAll(Json).ToArray()) + "]}");
                var jobs = new[] { Tuple.Create(a, ReadRequests(args[1])), Tuple.Create(b, ReadRequests(args[3])), Tuple.Create(a, ReadRequests(args[1])) };
                var answers = new string[jobs.Length][];
                var threads = new Thread[jobs.Length];
                for (int t = 0; t < jobs.Length; t++)
                {
                    int job = t;
                    answers[job] = new string[jobs[job].Item2.Count];
                    threads[job] = new Thread(() =>
                    {
                        for (int k = 0; k < answers[job].Length; k++) answers[job][k] = Answer(jobs[job].Item1, jobs[job].Item2[k]);
                    });
                }
                foreach (var thread in threads) thread.Start();
                foreach (var thread in threads) thread.Join();
                for (int t = 0; t < jobs.Length; t++)
                    foreach (string answer in answers[t]) Console.WriteLine("{\"thread\":" + t + "," + answer.Substring(1));
                a.Dispose();
                b.Dispose();
                return 0;
            }
            case "prompts":
            {
                using (var agent = FloraAgent.Load(args[2]))
                    foreach (var request in ReadRequests(args[1]))
                        Console.WriteLine("{\"prompt\":" + Json(agent.Prompt(request.Instruction, request.Inputs)) + "}");
                return 0;
            }
            case "load":
            {
                int first = 1;
                if (args[1] == "--log")
                {
                    first = 2;
                    Try("\"log\":null", () => Console.WriteLine("{\"log\":" + (FloraAgent.LogToFile() ? "true" : "false") + "}"));
                }
                for (int k = first; k < args.Length; k++)
                {
                    string dir = args[k];
                    Try("\"dir\":" + Json(dir), () =>
                    {
                        using (FloraAgent.Load(dir)) Console.WriteLine("{\"dir\":" + Json(dir) + ",\"loaded\":true}");
                    });
                }
                return 0;
            }
            case "misuse":
            {
                var agent = FloraAgent.Load(args[1]);
                string talk = agent.Instructions[0];
                string position = "ship_reports_position";
                Try("\"case\":\"too long\"", () => agent.Answer(talk, "Hello", new StringBuilder().Insert(0, "word ", 400).ToString()));
                Try("\"case\":\"no instruction\"", () => agent.Answer("sing_a_song", "Hello", "there"));
                Try("\"case\":\"one line short\"", () => agent.Answer(talk, "Hello"));
                Try("\"case\":\"out of range\"", () => agent.Answer(position, new[] { new FloraInput("Here", 60, 0), new FloraInput("Wind", 3) }));
                Try("\"case\":\"numbers missing\"", () => agent.Answer(position, "Here", "Wind"));
                Try("\"case\":\"response numbers\"", () => agent.Answer(talk, new[] { new FloraInput("a"), new FloraInput("b") }, new double[] { 1 }));
                Try("\"case\":\"NUL\"", () => agent.Answer(talk, "Hello\0", "there"));
                Try("\"case\":\"lone surrogate\"", () => agent.Answer(talk, "Hello \ud800", "there"));
                agent.Dispose();
                agent.Dispose();
                Try("\"case\":\"disposed\"", () => agent.Answer(talk, "Hello", "there"));
                return 0;
            }
        }
        Console.Error.WriteLine("usage: FloraCheck answers|prompts|load|misuse …");
        return 2;
    }
}
