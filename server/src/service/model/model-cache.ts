/** One kind of entry of a model's cache: its name, and (by its type parameter) the type of its value. */
export class CacheSlot<T> {
  declare private readonly value: T;
  constructor(readonly name: string) {}
}

/**
 * What is worked out from one model version and kept with it. Created with the model, one per build, and
 * reachable only through it: an entry can neither outlive its model nor be seen by another version, whatever
 * it is keyed by inside. The modules that need an entry declare its slot and fill it at first use.
 */
export class ModelCache {
  private readonly entries = new Map<CacheSlot<unknown>, unknown>();

  /** The slot's value, made by `make` at first use. */
  get<T>(slot: CacheSlot<T>, make: () => T): T {
    if (this.entries.has(slot)) return this.entries.get(slot) as T;
    const value = make();
    this.entries.set(slot, value);
    return value;
  }

  /** The slot's value, if it was made. */
  peek<T>(slot: CacheSlot<T>): T | undefined {
    return this.entries.get(slot) as T | undefined;
  }

  set<T>(slot: CacheSlot<T>, value: T): void {
    this.entries.set(slot, value);
  }
}
