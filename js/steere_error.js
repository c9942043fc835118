// The error class of the package. Every failure of every call throws one of these.
export class SteereError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'SteereError';
    this.code = code;
  }
}

// Called from Rust (src/wasm/mod.rs) to build the thrown value.
export function makeSteereError(code, message) {
  return new SteereError(code, message);
}
