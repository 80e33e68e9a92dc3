/**
 * Gathers the keys asked for in one turn of the event loop and looks them up together, in one query: after
 * a restart thousands of learners' first requests each need a lookup in the same second, and one statement
 * for many costs the database little more than one for one.
 */
export class TickBatcher<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;

  constructor(
    private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    while (this.waiting.size) {
      const batch = [...this.waiting].slice(0, this.maxBatch);
      for (const [key] of batch) this.waiting.delete(key);
      this.fetchMany(batch.map(([key]) => key)).then(
        (found) => {
          for (const [key, list] of batch) for (const w of list) w.resolve(found.get(key));
        },
        (err: unknown) => {
          for (const [, list] of batch) for (const w of list) w.reject(err);
        },
      );
    }
  }
}
