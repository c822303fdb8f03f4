// A Greenhouse agent run by Flora native from its model folder (the agent page's "Unreal Engine — Flora plugin"
// download, unzipped): the folder's template renders the prompt, the library answers it. One answer at a time per
// agent (Answer waits for the one in progress); different agents answer on different threads at once.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;

namespace Greenhouse.Flora
{
    public sealed class FloraAgent : IDisposable
    {
        private readonly ModelHandle model;
        private readonly FloraTemplate template;
        // Flora native runs one inference at a time per model, and its answer is only valid until the next.
        private readonly object gate = new object();

        /// <summary>The model folder it was loaded from.</summary>
        public string Folder { get; private set; }

        /// <summary>The names of the agent's instructions, as its template lists them.</summary>
        public IList<string> Instructions { get; private set; }

        private FloraAgent(ModelHandle model, FloraTemplate template, string folder)
        {
            this.model = model;
            this.template = template;
            Folder = folder;
            Instructions = template.Instructions.ConvertAll(i => i.Name).AsReadOnly();
        }

        /// <summary>
        /// Loads the agent's model folder (&lt;Name&gt;_template.json, tokenizer.bin, weights.bin). A FloraException
        /// says why when it cannot: no such folder, no template, Flora native's library missing, or the library's
        /// own reason for the folder (a damaged or truncated file, another format version…).
        /// </summary>
        public static FloraAgent Load(string modelDir)
        {
            if (modelDir == null) throw new ArgumentNullException("modelDir");
            if (!Directory.Exists(modelDir)) throw new FloraException("there is no model folder " + modelDir);
            FloraTemplate template = FloraTemplate.Read(modelDir);
            byte[] path = FloraNative.Utf8z(modelDir, "the model folder's path");
            try
            {
                ModelHandle model = FloraNative.InitNLM(path, false);
                if (!model.IsInvalid) return new FloraAgent(model, template, modelDir);
                model.Dispose();
                throw new FloraException("Flora native could not load the model folder " + modelDir + ": " + FloraNative.LastError());
            }
            catch (Exception e) when (FloraNative.IsUnavailable(e))
            {
                throw FloraNative.Unavailable(e);
            }
        }

        /// <summary>
        /// Also writes the library's log to flora-native.log in the working directory (it always goes to stderr);
        /// false when that file cannot be opened.
        /// </summary>
        public static bool LogToFile()
        {
            try
            {
                return FloraNative.LogAddFilePointer() == 1;
            }
            catch (Exception e) when (FloraNative.IsUnavailable(e))
            {
                throw FloraNative.Unavailable(e);
            }
        }

        /// <summary>Answers an instruction whose input lines have no number slots: one text per input line.</summary>
        public FloraAnswer Answer(string instruction, params string[] texts)
        {
            if (texts == null) throw new ArgumentNullException("texts");
            return Answer(instruction, Array.ConvertAll(texts, text => new FloraInput(text)));
        }

        /// <summary>
        /// Answers an instruction: one input per input line, with its slots' numbers; responseNumbers fill the
        /// response line's slots when it has any (rare). The greedy answer, the same as Flora-JS gives.
        /// </summary>
        public FloraAnswer Answer(string instruction, IList<FloraInput> inputs, IList<double> responseNumbers = null)
        {
            FloraTemplate.Instruction found = template.Find(instruction);
            byte[] prompt = FloraNative.Utf8z(Prompt(found, inputs, responseNumbers), "the prompt");
            string text;
            FloraNative.Output output;
            FloraNative.Run run;
            lock (gate)
            {
                if (model.IsClosed) throw new ObjectDisposedException("FloraAgent", "the agent of " + Folder + " was disposed");
                try
                {
                    FloraNative.Inference(model, prompt);
                    output = (FloraNative.Output)Marshal.PtrToStructure(FloraNative.OutputNLM(model), typeof(FloraNative.Output));
                    if (output.Size <= 1 || output.Buffer == IntPtr.Zero)
                        throw new FloraException("Flora native answered nothing to \"" + instruction + "\": " + FloraNative.LastError());
                    text = FloraNative.FromUtf8(output.Buffer, output.Size - 1);
                    FloraNative.FloraLastRun(model, out run);
                }
                catch (Exception e) when (FloraNative.IsUnavailable(e))
                {
                    throw FloraNative.Unavailable(e);
                }
            }
            int lineBreak = text.LastIndexOf('\n');
            if (lineBreak < 0) throw new FloraException("Flora native's answer has no reaction line: \"" + text + "\"");
            string reactionLine = text.Substring(lineBreak + 1);
            double? value;
            FloraTemplate.Reaction reaction = FloraTemplate.FindReaction(found, reactionLine, out value);
            return new FloraAnswer(text.Substring(0, lineBreak), reactionLine, reaction.Name, reaction.Refused, value,
                output.TokenSpeed, run.AnswerTokens, run.PromptTokens, run.FirstTokenMs);
        }

        /// <summary>The exact text Answer gives Flora native for this request (the prompt as the Unreal plugin renders it).</summary>
        public string Prompt(string instruction, IList<FloraInput> inputs, IList<double> responseNumbers = null)
        {
            return Prompt(template.Find(instruction), inputs, responseNumbers);
        }

        private static string Prompt(FloraTemplate.Instruction instruction, IList<FloraInput> inputs, IList<double> responseNumbers)
        {
            if (inputs == null) throw new ArgumentNullException("inputs");
            return FloraTemplate.Prompt(instruction, inputs, responseNumbers);
        }

        /// <summary>Frees the native model (after an answer in progress); safe to call more than once.</summary>
        public void Dispose()
        {
            lock (gate) model.Dispose();
        }
    }
}
