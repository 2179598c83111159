// What a tag context looked like when it was set up, so that it can be reused for the next sentence only if
// the tags left it as new. Reusing one context is what makes a batch of sentences cheap (creating a context
// costs milliseconds; running a sentence's tags, microseconds); isolation between sentences must not change.
// Per-sentence state lives in the context's global object: `RealmBaseline.resetGlobal` deletes what the tags
// added there and clears the header tags' variables (the header tags run again for every sentence). Anything
// else a tag can reach and keep is an intrinsic (Object.prototype, Array, the iterator prototypes…): their
// own properties, prototypes and extensibility are compared with the baseline after every evaluation, and a
// context whose intrinsics changed is thrown away. The built-in methods (five in six intrinsics are plain
// functions such as Math.max) are frozen instead, which keeps that comparison short: no tag has a reason to
// add properties to a built-in method, and nothing inherits from one. Only host-realm reflection runs here (own property
// descriptors of ordinary objects): no getter, setter or Proxy trap of the context is ever called.

interface Shape {
  target: object;
  proto: object | null;
  extensible: boolean;
  keys: PropertyKey[];
  descriptors: PropertyDescriptor[];
}

export class RealmBaseline {
  private readonly shapes: Shape[] = [];
  private readonly globalShape: Shape;
  /** Non-configurable globals the header tags declared (`var`, `function`): kept, and cleared between sentences. */
  private headerVars: Set<PropertyKey> | undefined;

  /** `hidden`: intrinsics no property path from the global reaches (the iterator and generator prototypes). */
  constructor(
    private readonly global: object,
    hidden: readonly object[],
  ) {
    this.globalShape = shapeOf(global);
    const seen = new Set<object>([global]);
    const queue: object[] = [...hidden];
    for (const d of this.globalShape.descriptors) for (const item of reachable(d)) queue.push(item);
    const all: Shape[] = [];
    while (queue.length > 0) {
      const target = queue.pop() as object;
      if (seen.has(target)) continue;
      seen.add(target);
      const shape = shapeOf(target);
      all.push(shape);
      if (shape.proto !== null) queue.push(shape.proto);
      for (const d of shape.descriptors) for (const item of reachable(d)) queue.push(item);
    }
    const prototypes = new Set(all.map((s) => s.proto));
    for (const shape of all) {
      const method =
        typeof shape.target === 'function' && !shape.keys.includes('prototype') && !prototypes.has(shape.target);
      if (method) Object.freeze(shape.target);
      else this.shapes.push(shape);
    }
  }

  /** Call once the header tags of the context's first sentence ran: their declarations are expected from then on. */
  recordHeaderVars(): void {
    const before = new Set(this.globalShape.keys);
    this.headerVars = new Set(
      Reflect.ownKeys(this.global).filter(
        (k) => !before.has(k) && Reflect.getOwnPropertyDescriptor(this.global, k)?.configurable === false,
      ),
    );
  }

  /**
   * Brings the global object back to its baseline: what tags added is deleted, header variables are set to
   * undefined (their tags declare them again). False when that is impossible (a global redefined or made
   * non-configurable, the global frozen): the context must not be reused.
   */
  resetGlobal(): boolean {
    const g = this.global;
    if (!Object.isExtensible(g) || Object.getPrototypeOf(g) !== this.globalShape.proto) return false;
    const base = new Map(
      this.globalShape.keys.map((k, i) => [k, this.globalShape.descriptors[i] as PropertyDescriptor]),
    );
    let kept = 0;
    for (const key of Reflect.ownKeys(g)) {
      const now = Reflect.getOwnPropertyDescriptor(g, key) as PropertyDescriptor;
      const was = base.get(key);
      if (was !== undefined) {
        if (!sameDescriptor(was, now)) return false;
        kept++;
      } else if (now.configurable === true) {
        if (!Reflect.deleteProperty(g, key)) return false;
      } else if (this.headerVars?.has(key) === true && now.writable === true && 'value' in now) {
        if (!Reflect.defineProperty(g, key, { value: undefined })) return false;
      } else return false;
    }
    return kept === base.size; // none deleted
  }

  /** Whether every intrinsic still has the properties, prototype and extensibility it had at set-up. */
  intrinsicsIntact(): boolean {
    for (const shape of this.shapes) {
      const { target } = shape;
      if (Object.getPrototypeOf(target) !== shape.proto || Object.isExtensible(target) !== shape.extensible)
        return false;
      const keys = Reflect.ownKeys(target);
      if (keys.length !== shape.keys.length) return false;
      for (let i = 0; i < keys.length; i++) {
        if (keys[i] !== shape.keys[i]) return false;
        if (
          !sameDescriptor(
            shape.descriptors[i] as PropertyDescriptor,
            Reflect.getOwnPropertyDescriptor(target, keys[i] as PropertyKey),
          )
        )
          return false;
      }
    }
    return true;
  }
}

function shapeOf(target: object): Shape {
  const keys = Reflect.ownKeys(target);
  return {
    target,
    proto: Object.getPrototypeOf(target) as object | null,
    extensible: Object.isExtensible(target),
    keys,
    descriptors: keys.map((k) => Reflect.getOwnPropertyDescriptor(target, k) as PropertyDescriptor),
  };
}

function reachable(d: PropertyDescriptor): object[] {
  const out: object[] = [];
  for (const v of [d.value, d.get, d.set] as unknown[])
    if ((typeof v === 'object' && v !== null) || typeof v === 'function') out.push(v as object);
  return out;
}

/** Same attributes, and the same value (by identity) or accessors. */
function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor | undefined): boolean {
  return (
    b !== undefined &&
    Object.is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}
