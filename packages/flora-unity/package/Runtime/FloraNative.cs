// Flora native's C interface (packages/flora-native/include/flora.h), by P/Invoke. The library is "flora": the
// runtime looks for flora.dll on Windows and libflora.so on Linux (the package's Plugins folder in Unity).
// Strings go in as NUL-terminated UTF-8 byte arrays, never through the marshaller's platform default (ANSI on
// Windows), and come out as bytes decoded as UTF-8.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Greenhouse.Flora
{
    internal static class FloraNative
    {
        private const string Library = "flora";

        /// <summary>NLMOutput: Buffer holds "line\nreaction" and a 0 byte, which Size counts.</summary>
        [StructLayout(LayoutKind.Sequential)]
        internal struct Output
        {
            public float TokenSpeed;
            public int Size;
            public IntPtr Buffer;
        }

        /// <summary>FloraRun: figures of a model's last inference.</summary>
        [StructLayout(LayoutKind.Sequential)]
        internal struct Run
        {
            public int PromptTokens;
            public int AnswerTokens;
            public double FirstTokenMs;
            public double TotalMs;
        }

        // The C bool is one byte; the marshaller's default for bool is the 4-byte Win32 BOOL.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ModelHandle InitNLM(byte[] modelDir, [MarshalAs(UnmanagedType.I1)] bool unused);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void Inference(ModelHandle model, byte[] prompt);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr OutputNLM(ModelHandle model);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void Delete(IntPtr model);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int FloraLastRun(ModelHandle model, out Run run);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int LogAddFilePointer();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr FloraLastError();

        private static readonly UTF8Encoding StrictUtf8 = new UTF8Encoding(false, true);

        /// <summary>The text as UTF-8 with a closing 0 byte; ArgumentException when C cannot take it.</summary>
        internal static byte[] Utf8z(string text, string what)
        {
            if (text.IndexOf('\0') >= 0) throw new ArgumentException(what + " holds a NUL character, which C cannot pass");
            try
            {
                var bytes = new byte[StrictUtf8.GetByteCount(text) + 1];
                StrictUtf8.GetBytes(text, 0, text.Length, bytes, 0);
                return bytes;
            }
            catch (EncoderFallbackException e)
            {
                throw new ArgumentException(what + " is not valid Unicode (a lone surrogate): it has no UTF-8", e);
            }
        }

        /// <summary>`length` bytes at `pointer` as UTF-8 (invalid bytes as U+FFFD).</summary>
        internal static string FromUtf8(IntPtr pointer, int length)
        {
            var bytes = new byte[length];
            Marshal.Copy(pointer, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>What the library logged on this thread during its last InitNLM or Inference.</summary>
        internal static string LastError()
        {
            IntPtr text = FloraLastError();
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) length++;
            string reason = FromUtf8(text, length);
            return reason.Length > 0 ? reason : "the library gave no reason";
        }

        /// <summary>Whether the exception says the library cannot be called (missing, another library, another CPU).</summary>
        internal static bool IsUnavailable(Exception e)
        {
            return e is DllNotFoundException || e is EntryPointNotFoundException || e is BadImageFormatException;
        }

        /// <summary>
        /// The FloraException for such an exception, with what to do: the runtime's own messages (Mono's "flora
        /// assembly:&lt;unknown assembly&gt;…") do not say.
        /// </summary>
        internal static FloraException Unavailable(Exception e)
        {
            string process = "this process: " + Environment.OSVersion.Platform + ", " + (IntPtr.Size * 8) + "-bit";
            if (e is DllNotFoundException)
                return new FloraException(
                    "Flora native's library was not found (flora.dll on Windows, libflora.so on Linux, both x86-64, " +
                    "from the package's Plugins folder; " + process + "): " + e.Message, e);
            if (e is EntryPointNotFoundException)
                return new FloraException(
                    "the library named flora lacks a function of Flora native (" + e.Message + "): it is another " +
                    "library, or a Flora native older than this binding; use the one in the package's Plugins folder", e);
            return new FloraException(
                "the library named flora cannot be loaded into this process (Flora native is built for x86-64 only; " +
                process + "): " + e.Message, e);
        }
    }

    /// <summary>A loaded model (NLM*): Delete frees it once, when disposed or finalized.</summary>
    internal sealed class ModelHandle : SafeHandle
    {
        public ModelHandle() : base(IntPtr.Zero, true)
        {
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            FloraNative.Delete(handle);
            return true;
        }
    }
}
