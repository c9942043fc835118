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

// The `freed` check of the exported classes (installed by scripts/finish-pkg.mjs, which describes it).
export function guardFreed(classes) {
  for (const [name, cls] of Object.entries(classes)) {
    // the glue is minified (scripts/finish-pkg.mjs): the class takes its exported name again
    Object.defineProperty(cls, 'name', { value: name });
    const { prototype } = cls;
    const { free } = prototype;
    for (const key of Reflect.ownKeys(prototype)) {
      const d = Object.getOwnPropertyDescriptor(prototype, key);
      for (const k of ['value', 'get', 'set']) {
        const f = d[k];
        if (f === free) {
          d[k] = function () {
            if (this.__wbg_ptr) f.call(this);
          };
        } else if (typeof f === 'function' && !/^(__|constructor$)/.test(String(key))) {
          d[k] = function (...args) {
            if (this.__wbg_ptr === 0) throw new SteereError('freed', `this ${name} was freed`);
            return f.apply(this, args);
          };
        }
      }
      Object.defineProperty(prototype, key, d);
    }
  }
}

// Called from Rust (src/wasm/bot.rs) with what a game argument's toJSON threw.
export function freedArgument(thrown, otherwise) {
  return thrown instanceof SteereError && thrown.code === 'freed' ? thrown : otherwise;
}
