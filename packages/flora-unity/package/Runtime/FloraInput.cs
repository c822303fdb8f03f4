using System;

namespace Greenhouse.Flora
{
    /// <summary>
    /// One input line of a request: its text and, when the instruction's key line has number slots (a position, a
    /// wind force), their numbers in order (a list slot takes as many as its length).
    /// </summary>
    public sealed class FloraInput
    {
        public string Text { get; private set; }
        public double[] Numbers { get; private set; }

        public FloraInput(string text, params double[] numbers)
        {
            if (text == null) throw new ArgumentNullException("text");
            Text = text;
            Numbers = numbers ?? new double[0];
        }
    }
}
