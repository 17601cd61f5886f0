// Reads a JSON form while it is still being written ('{"title":"…","fields":[{…},{…' ) and
// yields each field object as soon as its closing brace arrives, so the owner sees the form grow.

/** Scans text that is a prefix of a JSON object; tracks where complete field objects end. */
export class FieldScanner {
  private text = '';
  private position = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private fieldsDepth = -1;
  private fieldStart = -1;
  private lastKey = '';
  private keyStart = -1;

  /** Adds the next piece of text; returns the raw field objects completed by it. */
  push(chunk: string): unknown[] {
    this.text += chunk;
    const done: unknown[] = [];
    for (; this.position < this.text.length; this.position++) {
      const ch = this.text.charAt(this.position);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === '\\') this.escaped = true;
        else if (ch === '"') {
          this.inString = false;
          if (this.keyStart >= 0) this.lastKey = this.text.slice(this.keyStart, this.position);
        }
        continue;
      }
      if (ch === '"') {
        this.inString = true;
        // Only strings directly inside the top object can be the "fields" key.
        this.keyStart = this.depth === 1 ? this.position + 1 : -1;
      } else if (ch === '{' || ch === '[') {
        this.depth++;
        if (ch === '[' && this.depth === 2 && this.lastKey === 'fields') this.fieldsDepth = 2;
        if (ch === '{' && this.fieldsDepth === 2 && this.depth === 3) this.fieldStart = this.position;
      } else if (ch === '}' || ch === ']') {
        if (ch === '}' && this.depth === 3 && this.fieldStart >= 0) {
          const raw = this.text.slice(this.fieldStart, this.position + 1);
          this.fieldStart = -1;
          try {
            done.push(JSON.parse(raw));
          } catch {
            // A broken field is left to the final parse, which rejects the whole answer.
          }
        }
        if (ch === ']' && this.depth === 2) this.fieldsDepth = -1;
        this.depth--;
      }
    }
    return done;
  }

  /** Everything received so far. */
  get received(): string {
    return this.text;
  }
}
