// The depthwise 3 × 3 convolution of the face nets' kernels (see pointwise-wat.mjs).
// dw(in, f, a, b, out, H, W, C, Ho, Wo, stride, padTop, padLeft, lo, hi)
//   in: H x W x C, f: 3 x 3 x C, a/b: C (per-channel scale/shift), out: Ho x Wo x C
//   out[y][x][c] = clamp((sum_{i,j} in[y*s+i-padTop][x*s+j-padLeft][c] * f[i][j][c]) * a[c] + b[c], lo, hi)
export function genDw(TILE = 24576) {
  const L = [];
  const e = (s) => L.push(s);
  const g = (n) => `(local.get $${n})`;
  // interior pixel: all 9 taps valid. $p = &in[iy0][ix0][0]
  e(
    `  (func $dw_int (param $p i32) (param $f i32) (param $a i32) (param $b i32) (param $op i32) (param $C i32) (param $sC i32) (param $sRow i32) (param $vlo v128) (param $vhi v128)`,
  );
  e(`    (local $c i32) (local $x v128) (local $s f32)`);
  const taps = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) taps.push([i, j]);
  for (const [i, j] of taps) e(`    (local $o${i}${j} i32) (local $g${i}${j} i32)`);
  for (let v = 0; v < 4; v++) e(`    (local $c${v} v128)`);
  for (const [i, j] of taps) {
    e(
      `    (local.set $o${i}${j} (i32.add (i32.mul ${g('sRow')} (i32.const ${i})) (i32.mul ${g('sC')} (i32.const ${j}))))`,
    );
    e(`    (local.set $g${i}${j} (i32.mul ${g('sC')} (i32.const ${3 * i + j})))`);
  }
  const fin = (v, off) =>
    `(f32x4.pmin (f32x4.pmax (f32x4.add (f32x4.mul (local.get $c${v}) (v128.load offset=${off} ${g('a')})) (v128.load offset=${off} ${g('b')})) ${g('vlo')}) ${g('vhi')})`;
  const body = (nv, scalar) => {
    if (scalar) {
      e(`      (local.set $s (f32.const 0))`);
      for (const [i, j] of taps)
        e(
          `      (local.set $s (f32.add (local.get $s) (f32.mul (f32.load (i32.add ${g('p')} ${g('o' + i + j)})) (f32.load (i32.add ${g('f')} ${g('g' + i + j)})))))`,
        );
      e(
        `      (f32.store ${g('op')} (f32.min (f32.max (f32.add (f32.mul (local.get $s) (f32.load ${g('a')})) (f32.load ${g('b')})) (f32x4.extract_lane 0 ${g('vlo')})) (f32x4.extract_lane 0 ${g('vhi')})))`,
      );
      return 4;
    }
    let first = true;
    for (const [i, j] of taps) {
      for (let v = 0; v < nv; v++) {
        const prod = `(f32x4.mul (v128.load offset=${16 * v} (i32.add ${g('p')} ${g('o' + i + j)})) (v128.load offset=${16 * v} (i32.add ${g('f')} ${g('g' + i + j)})))`;
        e(`      (local.set $c${v} ${first ? prod : `(f32x4.add (local.get $c${v}) ${prod})`})`);
      }
      first = false;
    }
    for (let v = 0; v < nv; v++)
      e(`      (v128.store offset=${16 * v} ${g('op')} ${fin(v, 16 * v)})`);
    return 16 * nv;
  };
  const loop = (nv, scalar, lbl) => {
    const w = scalar ? 1 : 4 * nv;
    e(`    (block $d${lbl} (loop $l${lbl}`);
    e(`      (br_if $d${lbl} (i32.gt_s (i32.add ${g('c')} (i32.const ${w})) ${g('C')}))`);
    const bytes = body(nv, scalar);
    for (const q of ['p', 'f', 'a', 'b', 'op'])
      e(`      (local.set $${q} (i32.add ${g(q)} (i32.const ${bytes})))`);
    e(`      (local.set $c (i32.add ${g('c')} (i32.const ${w})))`);
    e(`      (br $l${lbl})))`);
  };
  loop(4, false, 'a');
  loop(1, false, 'b');
  loop(0, true, 'c');
  e(`  )`);

  // border pixel: taps checked against the image. $pin = &in[0][0][0]
  e(
    `  (func $dw_border (param $pin i32) (param $f i32) (param $a i32) (param $b i32) (param $op i32) (param $C i32) (param $sC i32) (param $H i32) (param $W i32) (param $iy0 i32) (param $ix0 i32) (param $vlo v128) (param $vhi v128) (param $c0 i32)`,
  );
  e(
    `    (local $c i32) (local $i i32) (local $j i32) (local $acc v128) (local $s f32) (local $ia i32) (local $fa i32) (local $iy i32) (local $ix i32)`,
  );
  // channel blocks of 4 (vector) then scalar; taps loop with bound checks
  e(`    (local.set $c ${g('c0')})`);
  for (const scalar of [false, true]) {
    const w = scalar ? 1 : 4,
      lbl = scalar ? 's' : 'v';
    e(`    (block $cd${lbl} (loop $cl${lbl}`);
    e(`      (br_if $cd${lbl} (i32.gt_s (i32.add ${g('c')} (i32.const ${w})) ${g('C')}))`);
    e(
      scalar
        ? `      (local.set $s (f32.const 0))`
        : `      (local.set $acc (v128.const f32x4 0 0 0 0))`,
    );
    e(`      (local.set $i (i32.const 0))`);
    e(`      (loop $il`);
    e(`        (local.set $iy (i32.add ${g('iy0')} ${g('i')}))`);
    e(`        (if (i32.lt_u ${g('iy')} ${g('H')}) (then`);
    e(`          (local.set $j (i32.const 0))`);
    e(`          (loop $jl`);
    e(`            (local.set $ix (i32.add ${g('ix0')} ${g('j')}))`);
    e(`            (if (i32.lt_u ${g('ix')} ${g('W')}) (then`);
    e(
      `              (local.set $ia (i32.add ${g('pin')} (i32.add (i32.mul (i32.add (i32.mul ${g('iy')} ${g('W')}) ${g('ix')}) ${g('sC')}) (i32.shl ${g('c')} (i32.const 2)))))`,
    );
    e(
      `              (local.set $fa (i32.add ${g('f')} (i32.add (i32.mul (i32.add (i32.mul ${g('i')} (i32.const 3)) ${g('j')}) ${g('sC')}) (i32.shl ${g('c')} (i32.const 2)))))`,
    );
    e(
      scalar
        ? `              (local.set $s (f32.add ${g('s')} (f32.mul (f32.load ${g('ia')}) (f32.load ${g('fa')}))))`
        : `              (local.set $acc (f32x4.add ${g('acc')} (f32x4.mul (v128.load ${g('ia')}) (v128.load ${g('fa')}))))`,
    );
    e(`            ))`);
    e(`            (local.set $j (i32.add ${g('j')} (i32.const 1)))`);
    e(`            (br_if $jl (i32.lt_u ${g('j')} (i32.const 3))))`);
    e(`        ))`);
    e(`        (local.set $i (i32.add ${g('i')} (i32.const 1)))`);
    e(`        (br_if $il (i32.lt_u ${g('i')} (i32.const 3))))`);
    const ca = `(i32.add ${g('a')} (i32.shl ${g('c')} (i32.const 2)))`,
      cb = `(i32.add ${g('b')} (i32.shl ${g('c')} (i32.const 2)))`,
      co = `(i32.add ${g('op')} (i32.shl ${g('c')} (i32.const 2)))`;
    e(
      scalar
        ? `      (f32.store ${co} (f32.min (f32.max (f32.add (f32.mul ${g('s')} (f32.load ${ca})) (f32.load ${cb})) (f32x4.extract_lane 0 ${g('vlo')})) (f32x4.extract_lane 0 ${g('vhi')})))`
        : `      (v128.store ${co} (f32x4.pmin (f32x4.pmax (f32x4.add (f32x4.mul ${g('acc')} (v128.load ${ca})) (v128.load ${cb})) ${g('vlo')}) ${g('vhi')}))`,
    );
    e(`      (local.set $c (i32.add ${g('c')} (i32.const ${w})))`);
    e(`      (br $cl${lbl})))`);
  }
  e(`  )`);

  // run of interior output pixels along x for one 4-channel vector block: 9 filter taps
  // stay in registers, 1 load per mul+add. $p = &in[iy0][ix0 of first pixel][c]
  e(
    `  (func $dw_run (param $p i32) (param $f i32) (param $a i32) (param $b i32) (param $op i32) (param $n i32) (param $sC i32) (param $sRow i32) (param $step i32) (param $vlo v128) (param $vhi v128)`,
  );
  e(
    `    (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $sC2 i32) (local $acc v128) (local $va v128) (local $vb v128)`,
  );
  for (const [i, j] of taps) e(`    (local $f${i}${j} v128)`);
  for (const [i, j] of taps)
    e(
      `    (local.set $f${i}${j} (v128.load (i32.add ${g('f')} (i32.mul ${g('sC')} (i32.const ${3 * i + j})))))`,
    );
  e(`    (local.set $va (v128.load ${g('a')})) (local.set $vb (v128.load ${g('b')}))`);
  e(`    (local.set $sC2 (i32.shl ${g('sC')} (i32.const 1)))`);
  e(
    `    (local.set $r0 ${g('p')}) (local.set $r1 (i32.add ${g('p')} ${g('sRow')})) (local.set $r2 (i32.add ${g('r1')} ${g('sRow')}))`,
  );
  e(`    (block $d (loop $l`);
  e(`      (br_if $d (i32.eqz ${g('n')}))`);
  let first = true;
  for (const [i, j] of taps) {
    const addr = j === 0 ? g('r' + i) : `(i32.add ${g('r' + i)} ${g(j === 1 ? 'sC' : 'sC2')})`;
    const prod = `(f32x4.mul (v128.load ${addr}) ${g('f' + i + j)})`;
    e(`      (local.set $acc ${first ? prod : `(f32x4.add ${g('acc')} ${prod})`})`);
    first = false;
  }
  e(
    `      (v128.store ${g('op')} (f32x4.pmin (f32x4.pmax (f32x4.add (f32x4.mul ${g('acc')} ${g('va')}) ${g('vb')}) ${g('vlo')}) ${g('vhi')}))`,
  );
  for (const r of ['r0', 'r1', 'r2']) e(`      (local.set $${r} (i32.add ${g(r)} ${g('step')}))`);
  e(`      (local.set $op (i32.add ${g('op')} ${g('sC')}))`);
  e(`      (local.set $n (i32.sub ${g('n')} (i32.const 1)))`);
  e(`      (br $l)))`);
  e(`  )`);

  e(
    `  (func $dw (export "dw") (param $in i32) (param $f i32) (param $a i32) (param $b i32) (param $out i32) (param $H i32) (param $W i32) (param $C i32) (param $Ho i32) (param $Wo i32) (param $s i32) (param $pt i32) (param $pl i32) (param $lo f32) (param $hi f32)`,
  );
  e(
    `    (local $sC i32) (local $sRow i32) (local $vlo v128) (local $vhi v128) (local $y i32) (local $x i32) (local $iy0 i32) (local $ix0 i32) (local $op i32) (local $xa i32) (local $xb i32) (local $c i32) (local $C4 i32) (local $xe i32) (local $rowop i32) (local $T i32) (local $xs i32) (local $cnt i32)`,
  );

  e(`    (local.set $sC (i32.shl ${g('C')} (i32.const 2)))`);
  e(`    (local.set $sRow (i32.mul ${g('sC')} ${g('W')}))`);
  e(`    (local.set $vlo (f32x4.splat ${g('lo')}))`);
  e(`    (local.set $vhi (f32x4.splat ${g('hi')}))`);
  // x-tile so the 3 input row segments of a tile stay in L1 (~TILE bytes)
  e(
    `    (local.set $T (i32.div_u (i32.const ${TILE}) (i32.mul (i32.mul ${g('sC')} ${g('s')}) (i32.const 3))))`,
  );
  e(`    (if (i32.lt_s ${g('T')} (i32.const 4)) (then (local.set $T (i32.const 4))))`);
  e(`    (local.set $C4 (i32.and ${g('C')} (i32.const -4)))`);
  // interior x range [xa, xb): x*s-pl >= 0 and x*s-pl+2 <= W-1
  e(
    `    (local.set $xa (i32.div_s (i32.add ${g('pl')} (i32.sub ${g('s')} (i32.const 1))) ${g('s')}))`,
  );
  e(`    (local.set $xb (i32.const 0))`);
  e(
    `    (if (i32.ge_s (i32.add (i32.sub ${g('W')} (i32.const 3)) ${g('pl')}) (i32.const 0)) (then`,
  );
  e(
    `      (local.set $xb (i32.add (i32.div_s (i32.add (i32.sub ${g('W')} (i32.const 3)) ${g('pl')}) ${g('s')}) (i32.const 1)))))`,
  );
  e(`    (if (i32.gt_s ${g('xb')} ${g('Wo')}) (then (local.set $xb ${g('Wo')})))`);
  e(`    (if (i32.gt_s ${g('xa')} ${g('xb')}) (then (local.set $xa ${g('xb')})))`);
  e(`    (local.set $rowop ${g('out')})`);
  const border = (c0) =>
    `(call $dw_border ${g('in')} ${g('f')} ${g('a')} ${g('b')} ${g('op')} ${g('C')} ${g('sC')} ${g('H')} ${g('W')} ${g('iy0')} (i32.sub (i32.mul ${g('x')} ${g('s')}) ${g('pl')}) ${g('vlo')} ${g('vhi')} ${c0})`;
  // border pixels x in [x, xe)
  const borderLoop = (lbl, c0) => {
    e(`      (block $bd${lbl} (loop $bl${lbl}`);
    e(`        (br_if $bd${lbl} (i32.ge_s ${g('x')} ${g('xe')}))`);
    e(`        (local.set $op (i32.add ${g('rowop')} (i32.mul ${g('x')} ${g('sC')})))`);
    e(`        ${border(c0)}`);
    e(`        (local.set $x (i32.add ${g('x')} (i32.const 1)))`);
    e(`        (br $bl${lbl})))`);
  };
  e(`    (block $yd (loop $yl`);
  e(`      (br_if $yd (i32.ge_s ${g('y')} ${g('Ho')}))`);
  e(`      (local.set $iy0 (i32.sub (i32.mul ${g('y')} ${g('s')}) ${g('pt')}))`);
  e(`      (local.set $x (i32.const 0))`);
  e(
    `      (if (i32.and (i32.ge_s ${g('iy0')} (i32.const 0)) (i32.lt_s (i32.add ${g('iy0')} (i32.const 2)) ${g('H')})) (then`,
  );
  e(`        (local.set $xe ${g('xa')})`);
  borderLoop('a', '(i32.const 0)');
  e(`        (local.set $xs ${g('xa')})`);
  e(`        (block $td (loop $tl`);
  e(`        (br_if $td (i32.ge_s ${g('xs')} ${g('xb')}))`);
  e(`        (local.set $cnt (i32.sub ${g('xb')} ${g('xs')}))`);
  e(`        (if (i32.gt_s ${g('cnt')} ${g('T')}) (then (local.set $cnt ${g('T')})))`);
  e(`        (local.set $c (i32.const 0))`);
  e(`        (block $cd (loop $cl`);
  e(`          (br_if $cd (i32.ge_s ${g('c')} ${g('C4')}))`);
  e(
    `          (call $dw_run (i32.add ${g('in')} (i32.add (i32.add (i32.mul ${g('iy0')} ${g('sRow')}) (i32.mul (i32.sub (i32.mul ${g('xs')} ${g('s')}) ${g('pl')}) ${g('sC')})) (i32.shl ${g('c')} (i32.const 2))))`,
  );
  e(
    `             (i32.add ${g('f')} (i32.shl ${g('c')} (i32.const 2))) (i32.add ${g('a')} (i32.shl ${g('c')} (i32.const 2))) (i32.add ${g('b')} (i32.shl ${g('c')} (i32.const 2)))`,
  );
  e(
    `             (i32.add ${g('rowop')} (i32.add (i32.mul ${g('xs')} ${g('sC')}) (i32.shl ${g('c')} (i32.const 2)))) ${g('cnt')} ${g('sC')} ${g('sRow')} (i32.mul ${g('s')} ${g('sC')}) ${g('vlo')} ${g('vhi')})`,
  );
  e(`          (local.set $c (i32.add ${g('c')} (i32.const 4)))`);
  e(`          (br $cl)))`);
  e(`        (local.set $xs (i32.add ${g('xs')} ${g('cnt')}))`);
  e(`        (br $tl)))`);
  e(`        (local.set $x ${g('xa')})`);
  e(`        (if (i32.ne ${g('C4')} ${g('C')}) (then`);
  e(`          (local.set $xe ${g('xb')})`);
  borderLoop('t', g('C4'));
  e(`        ))`);
  e(`        (local.set $x ${g('xb')})))`);
  e(`      (local.set $xe ${g('Wo')})`);
  borderLoop('b', '(i32.const 0)');
  e(`      (local.set $rowop (i32.add ${g('rowop')} (i32.mul ${g('Wo')} ${g('sC')})))`);
  e(`      (local.set $y (i32.add ${g('y')} (i32.const 1)))`);
  e(`      (br $yl)))`);
  e(`  )`);
  return L.join('\n') + '\n';
}
