/** Base64 of the call's audio, with the browser's native coder where there is one (Uint8Array.toBase64/fromBase64). */

type NativeEncoder = { toBase64?: () => string };
type NativeDecoder = { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> };

// String.fromCharCode takes this many arguments at a time without exceeding the call stack.
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as NativeEncoder).toBase64;
  if (native) return native.call(bytes);
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

/** Throws on text that is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as NativeDecoder).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
