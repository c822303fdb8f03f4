using System;

namespace Greenhouse.Flora
{
    /// <summary>
    /// Flora could not do what was asked, and why: the library is missing or is not Flora native, the model folder
    /// cannot be loaded (the library's own reason: a damaged file, another version…), or the model answered
    /// nothing (a prompt over the agent's limit…). A wrong request (an unknown instruction, a number out of its
    /// range) is an ArgumentException instead, and a call after Dispose an ObjectDisposedException.
    /// </summary>
    public class FloraException : Exception
    {
        public FloraException(string message) : base(message)
        {
        }

        public FloraException(string message, Exception inner) : base(message, inner)
        {
        }
    }
}
