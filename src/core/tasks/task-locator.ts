import { formatPosition, type JsonDocument, type SourcePosition } from '../json/read-json.js';

/**
 * Places and labels of the entries of one array in a JSON file (`tasks[i]`, `claims[i]`),
 * in the words Ralphdex uses. Positions are looked up only for entries that get a message.
 */
export class EntryLocator {
  constructor(
    private readonly doc: JsonDocument | undefined,
    private readonly arrayKey: string,
  ) {}

  position(index: number): SourcePosition | undefined {
    return this.doc?.positionOf([this.arrayKey, index]);
  }

  /** `tasks[3] (line 40, column 5)` */
  location(index: number): string {
    const pos = this.position(index);
    return pos ? `${this.arrayKey}[${index}] (${formatPosition(pos)})` : `${this.arrayKey}[${index}]`;
  }

  /** `Task T4 at tasks[3] (line 40, column 5)` */
  task(task: { id: string; index: number }): string {
    return `Task ${task.id} at ${this.location(task.index)}`;
  }

  /** `Task entry 4 at tasks[3] (line 40, column 5)` */
  entry(index: number, noun = 'Task entry'): string {
    return `${noun} ${index + 1} at ${this.location(index)}`;
  }
}
