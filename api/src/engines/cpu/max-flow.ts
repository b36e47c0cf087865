/**
 * Minimum s-t cut on a 4-connected pixel grid: the Boykov-Kolmogorov max-flow algorithm (2004),
 * which grows search trees from both terminals and keeps them between augmentations, the usual
 * choice for segmentation graphs. The cut labels each pixel foreground (the source's side) or
 * background.
 */

const FREE = 0;
const SOURCE = 1;
const SINK = 2;
/** `parent` of a node hanging straight off its terminal, and of a node without a parent. */
const TERMINAL = -2;
const NONE = -1;
/** Edge directions of a node: left, right, up, down; REVERSE[e] points back. */
const REVERSE = [1, 0, 3, 2] as const;

export interface GridCut {
  width: number;
  height: number;
  /** Per pixel: capacity from the source (the cost of calling it background). */
  toSource: Float32Array;
  /** Per pixel: capacity to the sink (the cost of calling it foreground). */
  toSink: Float32Array;
  /** Per pixel: capacity of the edge to the right neighbour, both directions. */
  right: Float32Array;
  /** Per pixel: capacity of the edge to the neighbour below, both directions. */
  down: Float32Array;
}

/** 1 = foreground (the source's side of the minimum cut), 0 = background. */
export function minimumCut(grid: GridCut): Uint8Array {
  return new MaxFlow(grid).run();
}

class MaxFlow {
  private readonly width: number;
  private readonly count: number;
  /** Residual capacity of node n's edge e at n * 4 + e. */
  private readonly residual: Float32Array;
  /** > 0: residual capacity from the source; < 0: minus the residual capacity to the sink. */
  private readonly terminal: Float32Array;
  private readonly tree: Uint8Array;
  private readonly parent: Int32Array;
  /** The edge of the node that leads to its parent. */
  private readonly parentEdge: Int8Array;
  private readonly queue: number[] = [];
  private queueHead = 0;
  private readonly queued: Uint8Array;
  private orphans: number[] = [];
  /** Adoption memo: nodes confirmed to reach their terminal in round `checked[n]`. */
  private readonly checked: Int32Array;
  private round = 1;

  constructor(grid: GridCut) {
    const { width, height } = grid;
    this.width = width;
    this.count = width * height;
    this.residual = new Float32Array(this.count * 4);
    this.terminal = new Float32Array(this.count);
    this.tree = new Uint8Array(this.count);
    this.parent = new Int32Array(this.count).fill(NONE);
    this.parentEdge = new Int8Array(this.count);
    this.queued = new Uint8Array(this.count);
    this.checked = new Int32Array(this.count);
    for (let at = 0; at < this.count; at += 1) {
      if (at % width < width - 1) {
        this.residual[at * 4 + 1] = grid.right[at]!;
        this.residual[(at + 1) * 4] = grid.right[at]!;
      }
      if (at + width < this.count) {
        this.residual[at * 4 + 3] = grid.down[at]!;
        this.residual[(at + width) * 4 + 2] = grid.down[at]!;
      }
      // Only the difference of a node's two terminal edges matters to the cut.
      this.terminal[at] = grid.toSource[at]! - grid.toSink[at]!;
      if (this.terminal[at]! !== 0) {
        this.tree[at] = this.terminal[at]! > 0 ? SOURCE : SINK;
        this.parent[at] = TERMINAL;
        this.enqueue(at);
      }
    }
  }

  run(): Uint8Array {
    for (;;) {
      const bridge = this.grow();
      if (!bridge) break;
      this.round += 1;
      this.augment(bridge[0], bridge[1]);
      this.adopt();
    }
    return Uint8Array.from(this.tree, (side) => (side === SOURCE ? 1 : 0));
  }

  private neighbour(node: number, edge: number): number {
    const { width, count } = this;
    if (edge === 0) return node % width > 0 ? node - 1 : NONE;
    if (edge === 1) return node % width < width - 1 ? node + 1 : NONE;
    if (edge === 2) return node >= width ? node - width : NONE;
    return node + width < count ? node + width : NONE;
  }

  /** Residual capacity in the tree's direction: away from the source, or towards the sink. */
  private treeCapacity(side: number, from: number, edge: number, to: number): number {
    return side === SOURCE
      ? this.residual[from * 4 + edge]!
      : this.residual[to * 4 + REVERSE[edge]!]!;
  }

  private enqueue(node: number): void {
    if (this.queued[node]) return;
    this.queued[node] = 1;
    this.queue.push(node);
  }

  /** Grows the trees until they touch: returns [source-side node, its edge to the sink side]. */
  private grow(): [number, number] | undefined {
    const { tree, parent, parentEdge } = this;
    while (this.queueHead < this.queue.length) {
      const node = this.queue[this.queueHead]!;
      const side = tree[node]!;
      if (side !== FREE) {
        for (let edge = 0; edge < 4; edge += 1) {
          const other = this.neighbour(node, edge);
          if (other === NONE || this.treeCapacity(side, node, edge, other) <= 0) continue;
          if (tree[other] === FREE) {
            tree[other] = side;
            parent[other] = node;
            parentEdge[other] = REVERSE[edge]!;
            this.enqueue(other);
          } else if (tree[other] !== side) {
            // The node stays at the head of the queue: it may have more to grow afterwards.
            return side === SOURCE ? [node, edge] : [other, REVERSE[edge]!];
          }
        }
      }
      this.queued[node] = 0;
      this.queueHead += 1;
      if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
        this.queue.splice(0, this.queueHead);
        this.queueHead = 0;
      }
    }
    return undefined;
  }

  private rootOf(node: number): number {
    let at = node;
    while (this.parent[at] !== TERMINAL) at = this.parent[at]!;
    return at;
  }

  private augment(from: number, edge: number): void {
    const { residual, terminal, parent, parentEdge } = this;
    const to = this.neighbour(from, edge);
    const sourceRoot = this.rootOf(from);
    const sinkRoot = this.rootOf(to);
    let bottleneck = Math.min(
      residual[from * 4 + edge]!,
      terminal[sourceRoot]!,
      -terminal[sinkRoot]!,
    );
    for (let node = from; node !== sourceRoot; node = parent[node]!) {
      bottleneck = Math.min(bottleneck, residual[parent[node]! * 4 + REVERSE[parentEdge[node]!]!]!);
    }
    for (let node = to; node !== sinkRoot; node = parent[node]!) {
      bottleneck = Math.min(bottleneck, residual[node * 4 + parentEdge[node]!]!);
    }

    residual[from * 4 + edge]! -= bottleneck;
    residual[to * 4 + REVERSE[edge]!]! += bottleneck;
    // Source side: flow runs parent -> child.
    for (let node = from; node !== sourceRoot;) {
      const up = parent[node]!;
      const down = up * 4 + REVERSE[parentEdge[node]!]!;
      residual[down]! -= bottleneck;
      residual[node * 4 + parentEdge[node]!]! += bottleneck;
      if (residual[down]! <= 0) this.orphan(node);
      node = up;
    }
    terminal[sourceRoot]! -= bottleneck;
    if (terminal[sourceRoot]! <= 0) this.orphan(sourceRoot);
    // Sink side: flow runs child -> parent.
    for (let node = to; node !== sinkRoot;) {
      const up = parent[node]!;
      const along = node * 4 + parentEdge[node]!;
      residual[along]! -= bottleneck;
      residual[up * 4 + REVERSE[parentEdge[node]!]!]! += bottleneck;
      if (residual[along]! <= 0) this.orphan(node);
      node = up;
    }
    terminal[sinkRoot]! += bottleneck;
    if (terminal[sinkRoot]! >= 0) this.orphan(sinkRoot);
  }

  private orphan(node: number): void {
    this.parent[node] = NONE;
    this.orphans.push(node);
  }

  /** Does `node` still hang off its terminal through valid parents? Memoised per round. */
  private rooted(node: number): boolean {
    const { parent, checked, round } = this;
    const path: number[] = [];
    let at = node;
    let ok = false;
    for (;;) {
      if (checked[at] === round) {
        ok = true;
        break;
      }
      path.push(at);
      const up = parent[at]!;
      if (up === TERMINAL) {
        ok = true;
        break;
      }
      if (up === NONE) break;
      at = up;
    }
    if (ok) for (const visited of path) checked[visited] = round;
    return ok;
  }

  private adopt(): void {
    const { tree, parent, parentEdge } = this;
    while (this.orphans.length > 0) {
      const orphan = this.orphans.pop()!;
      const side = tree[orphan]!;
      let adopted = false;
      for (let edge = 0; edge < 4 && !adopted; edge += 1) {
        const other = this.neighbour(orphan, edge);
        if (other === NONE || tree[other] !== side) continue;
        if (this.treeCapacity(side, other, REVERSE[edge]!, orphan) <= 0) continue;
        if (!this.rooted(other)) continue;
        parent[orphan] = other;
        parentEdge[orphan] = edge;
        this.checked[orphan] = this.round;
        adopted = true;
      }
      if (adopted) continue;
      for (let edge = 0; edge < 4; edge += 1) {
        const other = this.neighbour(orphan, edge);
        if (other === NONE || tree[other] !== side) continue;
        if (this.treeCapacity(side, other, REVERSE[edge]!, orphan) > 0) this.enqueue(other);
        if (parent[other] === orphan) this.orphan(other);
      }
      tree[orphan] = FREE;
      // Its place in the queue (if any) is skipped by `grow`.
    }
  }
}
