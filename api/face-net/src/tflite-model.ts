/**
 * Reads a TensorFlow Lite model (a FlatBuffer of the `tflite` schema) far enough to run a small
 * float network: its tensors with their constant values (float32, float16 and int32), its
 * operators in order with their inputs, outputs and options. Only what a plain float model uses
 * is read; quantised tensors, several subgraphs and control flow are not supported.
 */

export interface TfliteTensor {
  name: string;
  shape: number[];
  /** The constant's values (float16 widened to float32), or undefined for an activation. */
  values?: Float32Array | Int32Array;
}

export interface TfliteOperator {
  /** The builtin operator's name (`CONV_2D`…) or the custom operator's code. */
  op: string;
  /** Tensor indices; -1 for an optional input left out. */
  inputs: number[];
  outputs: number[];
  /** The builtin options' fields by name (enums and booleans as numbers). */
  options: Record<string, number>;
  /** A custom operator's options, as stored. */
  custom?: Uint8Array;
}

export interface TfliteModel {
  tensors: TfliteTensor[];
  operators: TfliteOperator[];
  inputs: number[];
  outputs: number[];
}

/** The builtin operators a model may use here (schema.fbs `BuiltinOperator`). */
const BUILTIN: Record<number, string> = {
  0: 'ADD',
  1: 'AVERAGE_POOL_2D',
  3: 'CONV_2D',
  4: 'DEPTHWISE_CONV_2D',
  6: 'DEQUANTIZE',
  14: 'LOGISTIC',
  18: 'MUL',
  19: 'RELU',
  21: 'RELU6',
  23: 'RESIZE_BILINEAR',
  117: 'HARD_SWISH',
};

type Field = [name: string, kind: 'byte' | 'int'];

/** Each builtin's options table (schema.fbs), field by field. */
const OPTIONS: Record<string, Field[]> = {
  CONV_2D: [
    ['padding', 'byte'],
    ['strideW', 'int'],
    ['strideH', 'int'],
    ['activation', 'byte'],
    ['dilationW', 'int'],
    ['dilationH', 'int'],
  ],
  DEPTHWISE_CONV_2D: [
    ['padding', 'byte'],
    ['strideW', 'int'],
    ['strideH', 'int'],
    ['depthMultiplier', 'int'],
    ['activation', 'byte'],
    ['dilationW', 'int'],
    ['dilationH', 'int'],
  ],
  AVERAGE_POOL_2D: [
    ['padding', 'byte'],
    ['strideW', 'int'],
    ['strideH', 'int'],
    ['filterW', 'int'],
    ['filterH', 'int'],
    ['activation', 'byte'],
  ],
  ADD: [['activation', 'byte']],
  MUL: [['activation', 'byte']],
  RESIZE_BILINEAR: [
    ['newHeight', 'int'],
    ['newWidth', 'int'],
    ['alignCorners', 'byte'],
    ['halfPixelCenters', 'byte'],
  ],
};

/** schema.fbs `TensorType`: FLOAT32, FLOAT16, INT32. */
const FLOAT32 = 0;
const FLOAT16 = 1;
const INT32 = 2;

/** A FlatBuffer table: its position and its vtable's. */
interface Table {
  at: number;
  vtable: number;
}

class FlatBuffer {
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  root(): Table {
    return this.table(this.view.getUint32(0, true));
  }

  private table(at: number): Table {
    return { at, vtable: at - this.view.getInt32(at, true) };
  }

  /** Where field `index` of `table` is stored, or 0 when it is absent (its default). */
  private field(table: Table, index: number): number {
    const offset = 4 + 2 * index;
    if (offset >= this.view.getUint16(table.vtable, true)) return 0;
    const relative = this.view.getUint16(table.vtable + offset, true);
    return relative ? table.at + relative : 0;
  }

  private indirect(at: number): number {
    return at + this.view.getUint32(at, true);
  }

  int(table: Table, index: number, fallback = 0): number {
    const at = this.field(table, index);
    return at ? this.view.getInt32(at, true) : fallback;
  }

  byte(table: Table, index: number, fallback = 0): number {
    const at = this.field(table, index);
    return at ? this.view.getUint8(at) : fallback;
  }

  child(table: Table, index: number): Table | undefined {
    const at = this.field(table, index);
    return at ? this.table(this.indirect(at)) : undefined;
  }

  /** A vector field: its length and where its first element is. */
  private vector(table: Table, index: number): { length: number; start: number } {
    const at = this.field(table, index);
    if (!at) return { length: 0, start: 0 };
    const vector = this.indirect(at);
    return { length: this.view.getUint32(vector, true), start: vector + 4 };
  }

  tables(table: Table, index: number): Table[] {
    const { length, start } = this.vector(table, index);
    return Array.from({ length }, (_, k) => this.table(this.indirect(start + 4 * k)));
  }

  ints(table: Table, index: number): number[] {
    const { length, start } = this.vector(table, index);
    return Array.from({ length }, (_, k) => this.view.getInt32(start + 4 * k, true));
  }

  bytesOf(table: Table, index: number): Uint8Array {
    const { length, start } = this.vector(table, index);
    return this.bytes.subarray(start, start + length);
  }

  string(table: Table, index: number): string {
    return Buffer.from(this.bytesOf(table, index)).toString('utf8');
  }
}

/** IEEE 754 half precision to a number. */
function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function constantValues(type: number, data: Uint8Array): Float32Array | Int32Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (type === FLOAT32)
    return Float32Array.from({ length: data.length / 4 }, (_, k) => view.getFloat32(4 * k, true));
  if (type === FLOAT16)
    return Float32Array.from({ length: data.length / 2 }, (_, k) =>
      halfToFloat(view.getUint16(2 * k, true)),
    );
  if (type === INT32)
    return Int32Array.from({ length: data.length / 4 }, (_, k) => view.getInt32(4 * k, true));
  throw new Error(`tflite: constants of tensor type ${type} are not supported`);
}

/** The first subgraph of a `.tflite` file. */
export function readTflite(bytes: Uint8Array): TfliteModel {
  const buffer = new FlatBuffer(bytes);
  const model = buffer.root();
  // Model: 1 operator_codes, 2 subgraphs, 4 buffers.
  const codes = buffer.tables(model, 1).map((code) => {
    const custom = buffer.string(code, 1);
    // OperatorCode: 0 deprecated_builtin_code (byte), 3 builtin_code (int): the larger is right.
    const builtin = Math.max(buffer.byte(code, 0), buffer.int(code, 3));
    return custom || BUILTIN[builtin] || `builtin ${builtin}`;
  });
  const buffers = buffer.tables(model, 4).map((entry) => buffer.bytesOf(entry, 0));
  const [graph] = buffer.tables(model, 2);
  if (!graph) throw new Error('tflite: the model has no subgraph');
  // SubGraph: 0 tensors, 1 inputs, 2 outputs, 3 operators.
  const tensors = buffer.tables(graph, 0).map((tensor): TfliteTensor => {
    // Tensor: 0 shape, 1 type, 2 buffer, 3 name.
    const data = buffers[buffer.int(tensor, 2)];
    const type = buffer.byte(tensor, 1);
    return {
      name: buffer.string(tensor, 3),
      shape: buffer.ints(tensor, 0),
      values: data && data.length > 0 ? constantValues(type, data) : undefined,
    };
  });
  const operators = buffer.tables(graph, 3).map((operator): TfliteOperator => {
    // Operator: 0 opcode_index, 1 inputs, 2 outputs, 4 builtin_options, 5 custom_options.
    const op = codes[buffer.int(operator, 0)]!;
    const table = buffer.child(operator, 4);
    const options: Record<string, number> = {};
    for (const [index, [name, kind]] of (OPTIONS[op] ?? []).entries()) {
      if (!table) break;
      options[name] = kind === 'byte' ? buffer.byte(table, index) : buffer.int(table, index);
    }
    const custom = buffer.bytesOf(operator, 5);
    return {
      op,
      inputs: buffer.ints(operator, 1),
      outputs: buffer.ints(operator, 2),
      options,
      custom: custom.length > 0 ? custom : undefined,
    };
  });
  return { tensors, operators, inputs: buffer.ints(graph, 1), outputs: buffer.ints(graph, 2) };
}
