// busboy 1.6 ships no types; the part of its API lib/files/receive.ts uses.
declare module "busboy" {
  import type { Readable, Writable } from "node:stream";
  interface FileInfo {
    filename?: string;
    encoding: string;
    mimeType: string;
  }
  interface BusboyConfig {
    headers: Record<string, string>;
    /** The charset of parameters without one (filename="…"); busboy's default is latin1. */
    defParamCharset?: string;
    limits?: { fieldNameSize?: number; fieldSize?: number; fields?: number; fileSize?: number; files?: number; parts?: number; headerPairs?: number };
    highWaterMark?: number;
    fileHwm?: number;
  }
  interface Busboy extends Writable {
    on(event: "file", listener: (name: string, stream: Readable & { truncated?: boolean }, info: FileInfo) => void): this;
    on(event: "field", listener: (name: string, value: string) => void): this;
    on(event: "filesLimit" | "fieldsLimit" | "partsLimit" | "close" | "finish" | "drain", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
  }
  function busboy(config: BusboyConfig): Busboy;
  export default busboy;
}
