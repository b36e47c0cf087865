// The WebAssembly text of the face nets' kernels (src/kernels.ts):
// a 1 × 1 convolution `pw` and, from depthwise-wat.mjs, a 3 × 3 depthwise one `dw`, in simd128.
// Generated rather than written out because its micro-kernels are dozens of near-identical
// unrolled blocks. MR = rows per micro-kernel, NV = v128 column vectors (4 floats each), KU =
// K unroll: 4 × 8 without unrolling is the fastest block found (unrolling K or wider blocks
// spilled registers and ran slower).
import { genDw } from './depthwise-wat.mjs';

export function kernelsWat({ MR = 4, NV = 2, KU = 1 } = {}) {
  const L = [];
  const e = (s) => L.push(s);

  // ---- micro-kernel: mr rows x (nv*4) columns, or partial tail (rem cols < 4, nv = 1)
  function kernel(mr, nv, rem /* 0 = full vectors, 1..3 = partial tail */) {
    const name = rem ? `$t_${mr}_${rem}` : `$k_${mr}_${nv}`;
    e(
      `  (func ${name} (param $ip i32) (param $sIn i32) (param $wp i32) (param $bp i32) (param $op i32) (param $sOut i32) (param $sW i32) (param $K i32) (param $vlo v128) (param $vhi v128)`,
    );
    e(`    (local $kk i32) (local $a v128)`);
    for (let r = 1; r < mr; r++) e(`    (local $p${r} i32)`);
    for (let j = 0; j < nv; j++) e(`    (local $w${j} v128)`);
    for (let r = 0; r < mr; r++) for (let j = 0; j < nv; j++) e(`    (local $c${r}_${j} v128)`);
    const P = (r) => (r === 0 ? '$ip' : `$p${r}`);
    for (let r = 1; r < mr; r++)
      e(`    (local.set $p${r} (i32.add (local.get ${P(r - 1)}) (local.get $sIn)))`);
    // safe partial load / store (never touches bytes past the last valid column)
    const safeLoad = (addr) =>
      rem === 1
        ? `(v128.load32_zero ${addr})`
        : rem === 2
          ? `(v128.load64_zero ${addr})`
          : `(v128.load32_lane offset=8 2 ${addr} (v128.load64_zero ${addr}))`;
    // init accumulators with bias
    for (let j = 0; j < nv; j++) {
      const b = rem ? safeLoad('(local.get $bp)') : `(v128.load offset=${16 * j} (local.get $bp))`;
      e(`    (local.set $c0_${j} ${b})`);
      for (let r = 1; r < mr; r++) e(`    (local.set $c${r}_${j} (local.get $c0_${j}))`);
    }
    // one k step; u = k offset within the unrolled group (constant byte offset 4u on row ptrs)
    const step = (u, last) => {
      for (let j = 0; j < nv; j++) {
        const ld = last
          ? safeLoad('(local.get $wp)')
          : `(v128.load offset=${16 * j} (local.get $wp))`;
        e(`        (local.set $w${j} ${ld})`);
      }
      if (!last) e(`        (local.set $wp (i32.add (local.get $wp) (local.get $sW)))`);
      for (let r = 0; r < mr; r++) {
        e(`        (local.set $a (v128.load32_splat offset=${4 * u} (local.get ${P(r)})))`);
        for (let j = 0; j < nv; j++)
          e(
            `        (local.set $c${r}_${j} (f32x4.add (local.get $c${r}_${j}) (f32x4.mul (local.get $a) (local.get $w${j}))))`,
          );
      }
    };
    const adv = (n) => {
      for (let r = 0; r < mr; r++)
        e(`        (local.set ${P(r)} (i32.add (local.get ${P(r)}) (i32.const ${4 * n})))`);
    };
    // tail kernels: last k row is peeled and uses safe loads, the others over-read into row k+1
    e(`    (local.set $kk ${rem ? '(i32.sub (local.get $K) (i32.const 1))' : '(local.get $K)'})`);
    if (KU > 1) {
      e(`    (block $d4 (loop $l4`);
      e(`        (br_if $d4 (i32.lt_u (local.get $kk) (i32.const ${KU})))`);
      for (let u = 0; u < KU; u++) step(u, false);
      adv(KU);
      e(`        (local.set $kk (i32.sub (local.get $kk) (i32.const ${KU})))`);
      e(`        (br $l4)))`);
    }
    e(`    (block $d1 (loop $l1`);
    e(`        (br_if $d1 (i32.eqz (local.get $kk)))`);
    step(0, false);
    adv(1);
    e(`        (local.set $kk (i32.sub (local.get $kk) (i32.const 1)))`);
    e(`        (br $l1)))`);
    if (rem) {
      step(0, true);
    }
    // clamp + store
    for (let r = 0; r < mr; r++) {
      for (let j = 0; j < nv; j++) {
        const v = `(f32x4.pmin (f32x4.pmax (local.get $c${r}_${j}) (local.get $vlo)) (local.get $vhi))`;
        if (!rem) e(`    (v128.store offset=${16 * j} (local.get $op) ${v})`);
        else {
          e(`    (local.set $a ${v})`);
          if (rem === 1) e(`    (v128.store32_lane 0 (local.get $op) (local.get $a))`);
          if (rem >= 2) e(`    (v128.store64_lane 0 (local.get $op) (local.get $a))`);
          if (rem === 3) e(`    (v128.store32_lane offset=8 2 (local.get $op) (local.get $a))`);
        }
      }
      if (r + 1 < mr) e(`    (local.set $op (i32.add (local.get $op) (local.get $sOut)))`);
    }
    e(`  )`);
  }

  // ---- row strip: mr rows, columns [n0, n1).
  // Full NB-wide blocks read w from $pk (+$pstep per block) with row stride $sWk (packed
  // scratch or the original w); narrower blocks and tails read the original w.
  function rows(mr) {
    e(
      `  (func $rows_${mr} (param $ip i32) (param $sIn i32) (param $w i32) (param $b i32) (param $op i32) (param $sOut i32) (param $sW i32) (param $K i32) (param $vlo v128) (param $vhi v128) (param $n0 i32) (param $n1 i32) (param $pk i32) (param $pstep i32) (param $sWk i32)`,
    );
    e(`    (local $n i32)`);
    e(`    (local.set $n (local.get $n0))`);
    const tailArgs = (wexpr, sw) =>
      `(local.get $ip) (local.get $sIn) ${wexpr} (i32.add (local.get $b) (i32.shl (local.get $n) (i32.const 2))) (i32.add (local.get $op) (i32.shl (local.get $n) (i32.const 2))) (local.get $sOut) ${sw} (local.get $K) (local.get $vlo) (local.get $vhi)`;
    const args = tailArgs(
      '(i32.add (local.get $w) (i32.shl (local.get $n) (i32.const 2)))',
      '(local.get $sW)',
    );
    for (let nv = NV; nv >= 1; nv--) {
      e(`    (block $nb${nv} (loop $l${nv}`);
      e(
        `      (br_if $nb${nv} (i32.gt_s (i32.add (local.get $n) (i32.const ${4 * nv})) (local.get $n1)))`,
      );
      if (nv === NV) {
        e(`      (call $k_${mr}_${nv} ${tailArgs('(local.get $pk)', '(local.get $sWk)')})`);
        e(`      (local.set $pk (i32.add (local.get $pk) (local.get $pstep)))`);
      } else e(`      (call $k_${mr}_${nv} ${args})`);
      e(`      (local.set $n (i32.add (local.get $n) (i32.const ${4 * nv})))`);
      e(`      (br $l${nv})))`);
    }
    for (let rem = 1; rem <= 3; rem++)
      e(
        `    (if (i32.eq (i32.sub (local.get $n1) (local.get $n)) (i32.const ${rem})) (then (call $t_${mr}_${rem} ${args})))`,
      );
    e(`  )`);
  }

  e(`(module`);
  e(`  ;; pointwise (1x1) conv: out[m][n] = clamp(bias[n] + sum_k in[m][k]*w[k][n], lo, hi)`);
  e(
    `  ;; generated by kernels/pointwise-wat.mjs with MR=${MR} NV=${NV} (${MR}x${4 * NV} register block) KU=${KU}`,
  );
  e(`  (import "env" "memory" (memory 1))`);
  for (let mr = 1; mr <= MR; mr++) {
    for (let nv = 1; nv <= NV; nv++) kernel(mr, nv, 0);
    for (let rem = 1; rem <= 3; rem++) kernel(mr, 1, rem);
    rows(mr);
  }
  // driver. All pointers are byte offsets into memory.
  // scratch/scratchBytes: optional (0 = none) buffer for packing a column panel of w
  // (K x nc floats, nc = largest multiple of NB with K*nc*4 <= scratchBytes). Packing
  // avoids cache-set conflicts of the K-strided w walk when N*4 is a multiple of 1-4 KB.
  const NB = 4 * NV;
  e(
    `  (func $pw (export "pw") (param $in i32) (param $w i32) (param $b i32) (param $out i32) (param $M i32) (param $K i32) (param $N i32) (param $lo f32) (param $hi f32) (param $scratch i32) (param $scratchBytes i32)`,
  );
  e(
    `    (local $sIn i32) (local $sW i32) (local $vlo v128) (local $vhi v128) (local $n0 i32) (local $n1 i32) (local $m i32) (local $ip i32) (local $op i32) (local $r i32)`,
  );
  e(
    `    (local $nc i32) (local $pk i32) (local $pstep i32) (local $sWk i32) (local $nfull i32) (local $k i32) (local $src i32) (local $dst i32) (local $j i32)`,
  );
  e(`    (local.set $sIn (i32.shl (local.get $K) (i32.const 2)))`);
  e(`    (local.set $sW (i32.shl (local.get $N) (i32.const 2)))`);
  e(`    (local.set $vlo (f32x4.splat (local.get $lo)))`);
  e(`    (local.set $vhi (f32x4.splat (local.get $hi)))`);
  e(`    (local.set $nc (local.get $N))`);
  e(`    (if (i32.ne (local.get $scratch) (i32.const 0)) (then`);
  e(
    `      (local.set $nc (i32.and (i32.div_u (local.get $scratchBytes) (local.get $sIn)) (i32.const ${-NB})))`,
  );
  e(
    `      (if (i32.lt_s (local.get $nc) (i32.const ${NB})) (then (local.set $scratch (i32.const 0)) (local.set $nc (local.get $N))))))`,
  );
  e(`    (block $pd (loop $pl`);
  e(`      (br_if $pd (i32.ge_s (local.get $n0) (local.get $N)))`);
  e(
    `      (local.set $n1 (select (i32.add (local.get $n0) (local.get $nc)) (local.get $N) (i32.lt_s (i32.add (local.get $n0) (local.get $nc)) (local.get $N))))`,
  );
  e(`      (if (local.get $scratch) (then`);
  // pack full NB blocks of [n0, n1): block j goes to scratch + j*K*NB*4, row k at +k*NB*4
  e(
    `        (local.set $nfull (i32.div_u (i32.sub (local.get $n1) (local.get $n0)) (i32.const ${NB})))`,
  );
  e(`        (local.set $pstep (i32.mul (local.get $K) (i32.const ${NB * 4})))`);
  e(`        (local.set $k (i32.const 0))`);
  e(`        (block $kd (loop $kl`);
  e(`          (br_if $kd (i32.ge_s (local.get $k) (local.get $K)))`);
  e(
    `          (local.set $src (i32.add (local.get $w) (i32.add (i32.mul (local.get $k) (local.get $sW)) (i32.shl (local.get $n0) (i32.const 2)))))`,
  );
  e(
    `          (local.set $dst (i32.add (local.get $scratch) (i32.mul (local.get $k) (i32.const ${NB * 4}))))`,
  );
  e(`          (local.set $j (local.get $nfull))`);
  e(`          (block $jd (loop $jl`);
  e(`            (br_if $jd (i32.eqz (local.get $j)))`);
  for (let v = 0; v < NV; v++)
    e(
      `            (v128.store offset=${16 * v} (local.get $dst) (v128.load offset=${16 * v} (local.get $src)))`,
    );
  e(`            (local.set $src (i32.add (local.get $src) (i32.const ${NB * 4})))`);
  e(`            (local.set $dst (i32.add (local.get $dst) (local.get $pstep)))`);
  e(`            (local.set $j (i32.sub (local.get $j) (i32.const 1)))`);
  e(`            (br $jl)))`);
  e(`          (local.set $k (i32.add (local.get $k) (i32.const 1)))`);
  e(`          (br $kl)))`);
  e(`        (local.set $pk (local.get $scratch)) (local.set $sWk (i32.const ${NB * 4})))`);
  e(
    `      (else (local.set $pk (i32.add (local.get $w) (i32.shl (local.get $n0) (i32.const 2)))) (local.set $pstep (i32.const ${NB * 4})) (local.set $sWk (local.get $sW))))`,
  );
  e(`      (local.set $m (i32.const 0))`);
  e(`      (local.set $ip (local.get $in))`);
  e(`      (local.set $op (local.get $out))`);
  const rargs = `(local.get $ip) (local.get $sIn) (local.get $w) (local.get $b) (local.get $op) (local.get $sW) (local.get $sW) (local.get $K) (local.get $vlo) (local.get $vhi) (local.get $n0) (local.get $n1) (local.get $pk) (local.get $pstep) (local.get $sWk)`;
  e(`      (block $md (loop $ml`);
  e(`        (br_if $md (i32.gt_s (i32.add (local.get $m) (i32.const ${MR})) (local.get $M)))`);
  e(`        (call $rows_${MR} ${rargs})`);
  e(`        (local.set $m (i32.add (local.get $m) (i32.const ${MR})))`);
  e(
    `        (local.set $ip (i32.add (local.get $ip) (i32.mul (local.get $sIn) (i32.const ${MR}))))`,
  );
  e(
    `        (local.set $op (i32.add (local.get $op) (i32.mul (local.get $sW) (i32.const ${MR}))))`,
  );
  e(`        (br $ml)))`);
  e(`      (local.set $r (i32.sub (local.get $M) (local.get $m)))`);
  for (let mr = 1; mr < MR; mr++)
    e(`      (if (i32.eq (local.get $r) (i32.const ${mr})) (then (call $rows_${mr} ${rargs})))`);
  e(`      (local.set $n0 (local.get $n1))`);
  e(`      (br $pl)))`);
  e(`  )`);
  L.push(genDw());
  e(`)`);
  return L.join('\n') + '\n';
}
