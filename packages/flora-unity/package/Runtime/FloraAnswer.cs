namespace Greenhouse.Flora
{
    /// <summary>An agent's answer: the line it says and its reaction, as Flora-JS's run() gives them.</summary>
    public sealed class FloraAnswer
    {
        /// <summary>The output line (it may be empty: some reactions answer without words).</summary>
        public string Line { get; private set; }

        /// <summary>The reaction line as the model wrote it: "Chat_", "Chat_&lt;UNK&gt;_" for a refusal, "Warning_5".</summary>
        public string Reaction { get; private set; }

        /// <summary>The reaction's name in the agent's protocol (encrypted and emoji keys resolved).</summary>
        public string ReactionName { get; private set; }

        /// <summary>A guardrail answer: the agent refuses (the input was off its topic).</summary>
        public bool Refused { get; private set; }

        /// <summary>A number reaction's number ("Warning_5": 5), else null.</summary>
        public double? ReactionValue { get; private set; }

        /// <summary>Answer tokens per second over the whole inference, prompt included.</summary>
        public float TokensPerSecond { get; private set; }

        /// <summary>Tokens of the answer (the line, its line break and the reaction) and of the prompt.</summary>
        public int Tokens { get; private set; }

        public int PromptTokens { get; private set; }

        /// <summary>Milliseconds from the start of the inference to its first answer token.</summary>
        public double TimeToFirstTokenMs { get; private set; }

        internal FloraAnswer(string line, string reaction, string reactionName, bool refused, double? reactionValue,
            float tokensPerSecond, int tokens, int promptTokens, double timeToFirstTokenMs)
        {
            Line = line;
            Reaction = reaction;
            ReactionName = reactionName;
            Refused = refused;
            ReactionValue = reactionValue;
            TokensPerSecond = tokensPerSecond;
            Tokens = tokens;
            PromptTokens = promptTokens;
            TimeToFirstTokenMs = timeToFirstTokenMs;
        }
    }
}
