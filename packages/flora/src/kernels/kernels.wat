;; Flora's matrix kernels, WebAssembly SIMD. Compiled by scripts/build-wasm.mjs (wabt from npm) into
;; kernels-wasm.ts; kernels.ts holds the JS twin of each function (bit-identical results).
;;
;; All pointers are byte offsets into the imported memory. Every kernel ACCUMULATES, row-wise:
;;   y[r·ys + j] += Σ_i x[r·xs + i] · W[i·ws + j]      (W row-major [in, out]: y = x·W, as the file stores it)
;; Each output column j is one SIMD lane summed over i in order, with f32 rounding after every multiply and
;; every add — the same order and rounding as a plain `for i` loop, so the JS twin gives the same bits.
;;
;; mm_f16: W is IEEE binary16 (the agent file's weights, kept as they are: half the memory of f32), in panels
;; of 32 columns (see mm_f16), each group of 8 columns stored c0 c4 c1 c5 c2 c6 c3 c7 so that the i32 lane k
;; of a 16-byte load holds column k in its low half and column k + 4 in its high half. A half h becomes the
;; float32 h·2^-112 EXACTLY in two or three integer operations and no multiply: with h in the top 16 bits of a
;; lane (the high half already is; the low one is shifted left by 16), an arithmetic shift right by 3 puts its
;; exponent and mantissa where a float32 has them (the exponent unbiased: the missing 2^112 is the bias
;; difference 127 − 15; a subnormal half becomes a float32 subnormal) and copies the sign into bits 30…28,
;; which the mask clears (with the other half's bits, for the high half). The caller multiplies x by 2^112
;; instead: (x·2^112)·(h·2^-112) is the same real number as x·h, so every product — and every sum — has the
;; same bits as with the half's own value, as long as |x| < 2^16 (no overflow; model.ts checks it).
;; Infinite/NaN halves are refused at load. V8 does not inline WebAssembly calls, so the conversion is
;; written out where it is used.
(module
  (import "env" "memory" (memory 1))

  ;; One row of x, columns j…j+31 (four groups of 8 halves).
  (func $row32 (param $px i32) (param $pw i32) (param $py i32) (param $n i32) (param $wb i32)
    (local $end i32) (local $s v128) (local $h v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $a4 v128) (local $a5 v128) (local $a6 v128) (local $a7 v128)
    (local $mask v128) (local $mhi v128)
    (local.set $mask (v128.const i32x4 0x8fffffff 0x8fffffff 0x8fffffff 0x8fffffff))
    (local.set $mhi (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000))
    (local.set $a0 (v128.load offset=0 (local.get $py)))
    (local.set $a1 (v128.load offset=16 (local.get $py)))
    (local.set $a2 (v128.load offset=32 (local.get $py)))
    (local.set $a3 (v128.load offset=48 (local.get $py)))
    (local.set $a4 (v128.load offset=64 (local.get $py)))
    (local.set $a5 (v128.load offset=80 (local.get $py)))
    (local.set $a6 (v128.load offset=96 (local.get $py)))
    (local.set $a7 (v128.load offset=112 (local.get $py)))
    (local.set $end (i32.add (local.get $px) (i32.shl (local.get $n) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $px) (local.get $end)))
      (local.set $s (v128.load32_splat (local.get $px)))
      (local.set $h (v128.load offset=0 (local.get $pw)))
      (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (i32x4.shl (local.get $h) (i32.const 16)) (i32.const 3)) (local.get $mask)))))
      (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (local.get $h) (i32.const 3)) (local.get $mhi)))))
      (local.set $h (v128.load offset=16 (local.get $pw)))
      (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (i32x4.shl (local.get $h) (i32.const 16)) (i32.const 3)) (local.get $mask)))))
      (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (local.get $h) (i32.const 3)) (local.get $mhi)))))
      (local.set $h (v128.load offset=32 (local.get $pw)))
      (local.set $a4 (f32x4.add (local.get $a4) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (i32x4.shl (local.get $h) (i32.const 16)) (i32.const 3)) (local.get $mask)))))
      (local.set $a5 (f32x4.add (local.get $a5) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (local.get $h) (i32.const 3)) (local.get $mhi)))))
      (local.set $h (v128.load offset=48 (local.get $pw)))
      (local.set $a6 (f32x4.add (local.get $a6) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (i32x4.shl (local.get $h) (i32.const 16)) (i32.const 3)) (local.get $mask)))))
      (local.set $a7 (f32x4.add (local.get $a7) (f32x4.mul (local.get $s) (v128.and (i32x4.shr_s (local.get $h) (i32.const 3)) (local.get $mhi)))))
      (local.set $px (i32.add (local.get $px) (i32.const 4)))
      (local.set $pw (i32.add (local.get $pw) (local.get $wb)))
      (br $next)))
    (v128.store offset=0 (local.get $py) (local.get $a0))
    (v128.store offset=16 (local.get $py) (local.get $a1))
    (v128.store offset=32 (local.get $py) (local.get $a2))
    (v128.store offset=48 (local.get $py) (local.get $a3))
    (v128.store offset=64 (local.get $py) (local.get $a4))
    (v128.store offset=80 (local.get $py) (local.get $a5))
    (v128.store offset=96 (local.get $py) (local.get $a6))
    (v128.store offset=112 (local.get $py) (local.get $a7)))

  ;; Four rows of x (row stride $xb bytes; y row stride $yb), columns j…j+7: each converted group of 8
  ;; halves serves four rows (the prompt's rows: one pass over the weights for four tokens).
  (func $rows4x8 (param $px i32) (param $xb i32) (param $pw i32) (param $py i32) (param $yb i32) (param $n i32) (param $wb i32)
    (local $end i32) (local $s v128) (local $l v128) (local $u v128) (local $h v128)
    (local $x1 i32) (local $x2 i32) (local $x3 i32)
    (local $a0 v128) (local $a1 v128) (local $b0 v128) (local $b1 v128)
    (local $c0 v128) (local $c1 v128) (local $d0 v128) (local $d1 v128)
    (local $mask v128) (local $mhi v128)
    (local.set $mask (v128.const i32x4 0x8fffffff 0x8fffffff 0x8fffffff 0x8fffffff))
    (local.set $mhi (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000))
    (local.set $a0 (v128.load offset=0 (local.get $py)))
    (local.set $a1 (v128.load offset=16 (local.get $py)))
    (local.set $b0 (v128.load offset=0 (i32.add (local.get $py) (local.get $yb))))
    (local.set $b1 (v128.load offset=16 (i32.add (local.get $py) (local.get $yb))))
    (local.set $c0 (v128.load offset=0 (i32.add (local.get $py) (i32.shl (local.get $yb) (i32.const 1)))))
    (local.set $c1 (v128.load offset=16 (i32.add (local.get $py) (i32.shl (local.get $yb) (i32.const 1)))))
    (local.set $d0 (v128.load offset=0 (i32.add (local.get $py) (i32.mul (local.get $yb) (i32.const 3)))))
    (local.set $d1 (v128.load offset=16 (i32.add (local.get $py) (i32.mul (local.get $yb) (i32.const 3)))))
    (local.set $x1 (local.get $xb))
    (local.set $x2 (i32.shl (local.get $xb) (i32.const 1)))
    (local.set $x3 (i32.mul (local.get $xb) (i32.const 3)))
    (local.set $end (i32.add (local.get $px) (i32.shl (local.get $n) (i32.const 2))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $px) (local.get $end)))
      (local.set $u (v128.load (local.get $pw)))
      (local.set $h (local.get $u))
      (local.set $l (v128.and (i32x4.shr_s (i32x4.shl (local.get $h) (i32.const 16)) (i32.const 3)) (local.get $mask)))
      (local.set $u (v128.and (i32x4.shr_s (local.get $h) (i32.const 3)) (local.get $mhi)))
      (local.set $s (v128.load32_splat (local.get $px)))
      (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $s) (local.get $l))))
      (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $s) (local.get $u))))
      (local.set $s (v128.load32_splat (i32.add (local.get $px) (local.get $x1))))
      (local.set $b0 (f32x4.add (local.get $b0) (f32x4.mul (local.get $s) (local.get $l))))
      (local.set $b1 (f32x4.add (local.get $b1) (f32x4.mul (local.get $s) (local.get $u))))
      (local.set $s (v128.load32_splat (i32.add (local.get $px) (local.get $x2))))
      (local.set $c0 (f32x4.add (local.get $c0) (f32x4.mul (local.get $s) (local.get $l))))
      (local.set $c1 (f32x4.add (local.get $c1) (f32x4.mul (local.get $s) (local.get $u))))
      (local.set $s (v128.load32_splat (i32.add (local.get $px) (local.get $x3))))
      (local.set $d0 (f32x4.add (local.get $d0) (f32x4.mul (local.get $s) (local.get $l))))
      (local.set $d1 (f32x4.add (local.get $d1) (f32x4.mul (local.get $s) (local.get $u))))
      (local.set $px (i32.add (local.get $px) (i32.const 4)))
      (local.set $pw (i32.add (local.get $pw) (local.get $wb)))
      (br $next)))
    (v128.store offset=0 (local.get $py) (local.get $a0))
    (v128.store offset=16 (local.get $py) (local.get $a1))
    (v128.store offset=0 (i32.add (local.get $py) (local.get $yb)) (local.get $b0))
    (v128.store offset=16 (i32.add (local.get $py) (local.get $yb)) (local.get $b1))
    (v128.store offset=0 (i32.add (local.get $py) (i32.shl (local.get $yb) (i32.const 1))) (local.get $c0))
    (v128.store offset=16 (i32.add (local.get $py) (i32.shl (local.get $yb) (i32.const 1))) (local.get $c1))
    (v128.store offset=0 (i32.add (local.get $py) (i32.mul (local.get $yb) (i32.const 3))) (local.get $d0))
    (v128.store offset=16 (i32.add (local.get $py) (i32.mul (local.get $yb) (i32.const 3))) (local.get $d1)))

  ;; y[r·ys + j] += Σ_i x[r·xs + i] · W[i, j], r < rows, i < n, j < ws (strides in values). W is stored in
  ;; PANELS of 32 columns (ws a multiple of 32): panel p holds columns 32p…32p+31 of every row, row after row
  ;; (64 bytes each), so the kernel reads the weights sequentially — walking down the columns of a row-major
  ;; matrix would touch a new page every row or two and defeat the hardware prefetcher.
  ;; Blocks of four rows × 8 columns, then the remaining rows one by one, a panel at a time.
  (func $mm_f16 (export "mm_f16") (param $x i32) (param $xs i32) (param $rows i32) (param $w i32) (param $ws i32)
    (param $y i32) (param $ys i32) (param $n i32)
    (local $r i32) (local $j i32) (local $xb i32) (local $yb i32) (local $pb i32) (local $px i32) (local $py i32)
    (local $pw i32) (local $g i32)
    (local.set $xb (i32.shl (local.get $xs) (i32.const 2)))
    (local.set $yb (i32.shl (local.get $ys) (i32.const 2)))
    (local.set $pb (i32.shl (local.get $n) (i32.const 6)))
    (block $d4 (loop $l4
      (br_if $d4 (i32.gt_s (i32.add (local.get $r) (i32.const 4)) (local.get $rows)))
      (local.set $px (i32.add (local.get $x) (i32.mul (local.get $r) (local.get $xb))))
      (local.set $py (i32.add (local.get $y) (i32.mul (local.get $r) (local.get $yb))))
      (local.set $pw (local.get $w))
      (local.set $j (i32.const 0))
      (block $dj (loop $lj
        (br_if $dj (i32.ge_s (local.get $j) (local.get $ws)))
        (local.set $g (i32.const 0))
        (block $dg (loop $lg
          (br_if $dg (i32.ge_s (local.get $g) (i32.const 4)))
          (call $rows4x8 (local.get $px) (local.get $xb) (i32.add (local.get $pw) (i32.shl (local.get $g) (i32.const 4)))
            (i32.add (local.get $py) (i32.shl (i32.add (local.get $j) (i32.shl (local.get $g) (i32.const 3))) (i32.const 2)))
            (local.get $yb) (local.get $n) (i32.const 64))
          (local.set $g (i32.add (local.get $g) (i32.const 1)))
          (br $lg)))
        (local.set $pw (i32.add (local.get $pw) (local.get $pb)))
        (local.set $j (i32.add (local.get $j) (i32.const 32)))
        (br $lj)))
      (local.set $r (i32.add (local.get $r) (i32.const 4)))
      (br $l4)))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_s (local.get $r) (local.get $rows)))
      (local.set $px (i32.add (local.get $x) (i32.mul (local.get $r) (local.get $xb))))
      (local.set $py (i32.add (local.get $y) (i32.mul (local.get $r) (local.get $yb))))
      (local.set $pw (local.get $w))
      (local.set $j (i32.const 0))
      (block $d32 (loop $l32
        (br_if $d32 (i32.ge_s (local.get $j) (local.get $ws)))
        (call $row32 (local.get $px) (local.get $pw) (i32.add (local.get $py) (i32.shl (local.get $j) (i32.const 2)))
          (local.get $n) (i32.const 64))
        (local.set $pw (i32.add (local.get $pw) (local.get $pb)))
        (local.set $j (i32.add (local.get $j) (i32.const 32)))
        (br $l32)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $l1))))

  ;; mv_f32: one row, f32 W (the attention's value cache): y[j] += Σ_i x[i] · W[i·ws + j] for
  ;; j < m, i < n (ws in values, any m): 16 columns at a time, then 4, then one.
  (func $mv_f32 (export "mv_f32") (param $x i32) (param $w i32) (param $ws i32) (param $y i32) (param $n i32) (param $m i32)
    (local $j i32) (local $wb i32) (local $px i32) (local $pw i32) (local $py i32) (local $end i32) (local $s v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $f f32)
    (local.set $wb (i32.shl (local.get $ws) (i32.const 2)))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $n) (i32.const 2))))
    (block $d16 (loop $l16
      (br_if $d16 (i32.gt_s (i32.add (local.get $j) (i32.const 16)) (local.get $m)))
      (local.set $py (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $pw (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $a0 (v128.load offset=0 (local.get $py)))
      (local.set $a1 (v128.load offset=16 (local.get $py)))
      (local.set $a2 (v128.load offset=32 (local.get $py)))
      (local.set $a3 (v128.load offset=48 (local.get $py)))
      (local.set $px (local.get $x))
      (block $di (loop $li
        (br_if $di (i32.ge_u (local.get $px) (local.get $end)))
        (local.set $s (v128.load32_splat (local.get $px)))
        (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $s) (v128.load offset=0 (local.get $pw)))))
        (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $s) (v128.load offset=16 (local.get $pw)))))
        (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $s) (v128.load offset=32 (local.get $pw)))))
        (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $s) (v128.load offset=48 (local.get $pw)))))
        (local.set $px (i32.add (local.get $px) (i32.const 4)))
        (local.set $pw (i32.add (local.get $pw) (local.get $wb)))
        (br $li)))
      (v128.store offset=0 (local.get $py) (local.get $a0))
      (v128.store offset=16 (local.get $py) (local.get $a1))
      (v128.store offset=32 (local.get $py) (local.get $a2))
      (v128.store offset=48 (local.get $py) (local.get $a3))
      (local.set $j (i32.add (local.get $j) (i32.const 16)))
      (br $l16)))
    (block $d4 (loop $l4
      (br_if $d4 (i32.gt_s (i32.add (local.get $j) (i32.const 4)) (local.get $m)))
      (local.set $py (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $pw (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $a0 (v128.load (local.get $py)))
      (local.set $px (local.get $x))
      (block $di (loop $li
        (br_if $di (i32.ge_u (local.get $px) (local.get $end)))
        (local.set $a0 (f32x4.add (local.get $a0)
          (f32x4.mul (v128.load32_splat (local.get $px)) (v128.load (local.get $pw)))))
        (local.set $px (i32.add (local.get $px) (i32.const 4)))
        (local.set $pw (i32.add (local.get $pw) (local.get $wb)))
        (br $li)))
      (v128.store (local.get $py) (local.get $a0))
      (local.set $j (i32.add (local.get $j) (i32.const 4)))
      (br $l4)))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_s (local.get $j) (local.get $m)))
      (local.set $py (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $pw (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $f (f32.load (local.get $py)))
      (local.set $px (local.get $x))
      (block $di (loop $li
        (br_if $di (i32.ge_u (local.get $px) (local.get $end)))
        (local.set $f (f32.add (local.get $f) (f32.mul (f32.load (local.get $px)) (f32.load (local.get $pw)))))
        (local.set $px (i32.add (local.get $px) (i32.const 4)))
        (local.set $pw (i32.add (local.get $pw) (local.get $wb)))
        (br $li)))
      (f32.store (local.get $py) (local.get $f))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $l1))))

  ;; include: packages/agent-format/src/exp.wat ($exp4 and $exp1, one source for the trainer and Flora)

  ;; GELU, tanh form, in place over n floats at $p: u = C·(x + A·x³), t = tanh(u) = 1 − 2/(exp(2u) + 1),
  ;; y = (0.5·x)·(1 + t), C = √(2/π) and A = 0.044715 as f32 (the trainer's kernel, without keeping t).
  (func $gelu4 (param $x v128) (result v128)
    (local $t v128)
    (local.set $t (f32x4.mul (v128.const f32x4 0.7978845608028654 0.7978845608028654 0.7978845608028654 0.7978845608028654)
      (f32x4.add (local.get $x) (f32x4.mul (v128.const f32x4 0.044715 0.044715 0.044715 0.044715)
        (f32x4.mul (f32x4.mul (local.get $x) (local.get $x)) (local.get $x))))))
    (local.set $t (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.div (v128.const f32x4 2 2 2 2)
      (f32x4.add (call $exp4 (f32x4.add (local.get $t) (local.get $t))) (v128.const f32x4 1 1 1 1)))))
    (f32x4.mul (f32x4.mul (v128.const f32x4 0.5 0.5 0.5 0.5) (local.get $x))
      (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $t))))

  (func $gelu1 (param $x f32) (result f32)
    (local $t f32)
    (local.set $t (f32.mul (f32.const 0.7978845608028654)
      (f32.add (local.get $x) (f32.mul (f32.const 0.044715) (f32.mul (f32.mul (local.get $x) (local.get $x)) (local.get $x))))))
    (local.set $t (f32.sub (f32.const 1) (f32.div (f32.const 2)
      (f32.add (call $exp1 (f32.add (local.get $t) (local.get $t))) (f32.const 1)))))
    (f32.mul (f32.mul (f32.const 0.5) (local.get $x)) (f32.add (f32.const 1) (local.get $t))))

  (func (export "gelu") (param $p i32) (param $n i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $p) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $d4 (loop $l4
      (br_if $d4 (i32.ge_u (local.get $p) (local.get $end)))
      (v128.store (local.get $p) (call $gelu4 (v128.load (local.get $p))))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (br $l4)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $p) (local.get $end)))
      (f32.store (local.get $p) (call $gelu1 (f32.load (local.get $p))))
      (local.set $p (i32.add (local.get $p) (i32.const 4)))
      (br $l1))))

  ;; Softmax in place over n floats at $p, of x·scale (scale > 0): m = max x; e = exp(x·scale − m·scale);
  ;; sum = four lane sums over the first n − n mod 4 values, (s0 + s1) + (s2 + s3), then the rest in order;
  ;; p = e · (1/sum).
  (func $softmax (export "softmax") (param $p i32) (param $n i32) (param $scale f32)
    (local $end4 i32) (local $end i32) (local $q i32) (local $mv v128) (local $m f32) (local $acc v128) (local $v v128)
    (local $s f32) (local $e f32) (local $vs v128) (local $vh v128) (local $inv f32) (local $vi v128)
    (local.set $end4 (i32.add (local.get $p) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (local.set $end (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $mv (v128.const f32x4 -inf -inf -inf -inf))
    (local.set $q (local.get $p))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end4)))
      (local.set $mv (f32x4.max (local.get $mv) (v128.load (local.get $q))))
      (local.set $q (i32.add (local.get $q) (i32.const 16)))
      (br $l)))
    (local.set $m (f32.max (f32.max (f32x4.extract_lane 0 (local.get $mv)) (f32x4.extract_lane 1 (local.get $mv)))
      (f32.max (f32x4.extract_lane 2 (local.get $mv)) (f32x4.extract_lane 3 (local.get $mv)))))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end)))
      (local.set $m (f32.max (local.get $m) (f32.load (local.get $q))))
      (local.set $q (i32.add (local.get $q) (i32.const 4)))
      (br $l)))
    (local.set $vs (f32x4.splat (local.get $scale)))
    (local.set $vh (f32x4.splat (f32.mul (local.get $m) (local.get $scale))))
    (local.set $q (local.get $p))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end4)))
      (local.set $v (call $exp4 (f32x4.sub (f32x4.mul (v128.load (local.get $q)) (local.get $vs)) (local.get $vh))))
      (v128.store (local.get $q) (local.get $v))
      (local.set $acc (f32x4.add (local.get $acc) (local.get $v)))
      (local.set $q (i32.add (local.get $q) (i32.const 16)))
      (br $l)))
    (local.set $s (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
      (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end)))
      (local.set $e (call $exp1 (f32.sub (f32.mul (f32.load (local.get $q)) (local.get $scale))
        (f32.mul (local.get $m) (local.get $scale)))))
      (f32.store (local.get $q) (local.get $e))
      (local.set $s (f32.add (local.get $s) (local.get $e)))
      (local.set $q (i32.add (local.get $q) (i32.const 4)))
      (br $l)))
    (local.set $inv (f32.div (f32.const 1) (local.get $s)))
    (local.set $vi (f32x4.splat (local.get $inv)))
    (local.set $q (local.get $p))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end4)))
      (v128.store (local.get $q) (f32x4.mul (v128.load (local.get $q)) (local.get $vi)))
      (local.set $q (i32.add (local.get $q) (i32.const 16)))
      (br $l)))
    (block $d (loop $l
      (br_if $d (i32.ge_u (local.get $q) (local.get $end)))
      (f32.store (local.get $q) (f32.mul (f32.load (local.get $q)) (local.get $inv)))
      (local.set $q (i32.add (local.get $q) (i32.const 4)))
      (br $l))))

  ;; The attention's scores: out[t] = Σ_{i<m} q[i] · k[t·m + i] for t < n (keys one row per position, so the
  ;; cache is read sequentially). Each sum: four lane sums over the first m − m mod 4 values, combined
  ;; (s0 + s1) + (s2 + s3), then the rest added in order.
  (func $dots (export "dots") (param $q i32) (param $k i32) (param $n i32) (param $m i32) (param $out i32)
    (local $t i32) (local $i i32) (local $m4 i32) (local $acc v128) (local $s f32) (local $pk i32)
    (local.set $m4 (i32.and (local.get $m) (i32.const -4)))
    (block $dt (loop $lt
      (br_if $dt (i32.ge_s (local.get $t) (local.get $n)))
      (local.set $acc (v128.const i32x4 0 0 0 0))
      (local.set $i (i32.const 0))
      (block $di (loop $li
        (br_if $di (i32.ge_s (local.get $i) (local.get $m4)))
        (local.set $acc (f32x4.add (local.get $acc) (f32x4.mul
          (v128.load (i32.add (local.get $q) (i32.shl (local.get $i) (i32.const 2))))
          (v128.load (i32.add (local.get $k) (i32.shl (local.get $i) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $li)))
      (local.set $s (f32.add
        (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
        (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
      (block $dr (loop $lr
        (br_if $dr (i32.ge_s (local.get $i) (local.get $m)))
        (local.set $s (f32.add (local.get $s) (f32.mul
          (f32.load (i32.add (local.get $q) (i32.shl (local.get $i) (i32.const 2))))
          (f32.load (i32.add (local.get $k) (i32.shl (local.get $i) (i32.const 2)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $lr)))
      (f32.store (i32.add (local.get $out) (i32.shl (local.get $t) (i32.const 2))) (local.get $s))
      (local.set $k (i32.add (local.get $k) (i32.shl (local.get $m) (i32.const 2))))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $lt))))

  ;; ---- The glue of the forward pass, scalar (it is a few percent of the time): before, JS loops whose
  ;; floats V8 boxes until it optimizes them — garbage that grows the JS heap. Vectors (LayerNorm gains and
  ;; biases, biases, embeddings) are read as float16 where the weights are, each half made exactly its f32
  ;; value: h·2^-112 by the bit trick of mm_f16, times 2^112 (exact; halves are finite, checked at load).

  ;; LayerNorm of `rows` rows (stride $s values) over their first $d values, in f64 step by step like the
  ;; JS twin: mean = (Σ x) / d, rs = 1 / √((Σ (x − mean)²) / d + ε), y = f32(((x − mean)·rs)·g + b), g and
  ;; b float16 at bytes $g and $b. In place (y = x) works too.
  (func (export "layer_norm") (param $x i32) (param $y i32) (param $rows i32) (param $s i32) (param $d i32)
    (param $g i32) (param $b i32) (param $eps f64)
    (local $r i32) (local $j i32) (local $px i32) (local $py i32) (local $h i32) (local $hb i32)
    (local $fd f64) (local $mean f64) (local $var f64) (local $c f64) (local $rs f64)
    (local.set $fd (f64.convert_i32_s (local.get $d)))
    (block $dr (loop $lr
      (br_if $dr (i32.ge_s (local.get $r) (local.get $rows)))
      (local.set $px (i32.add (local.get $x) (i32.shl (i32.mul (local.get $r) (local.get $s)) (i32.const 2))))
      (local.set $py (i32.add (local.get $y) (i32.shl (i32.mul (local.get $r) (local.get $s)) (i32.const 2))))
      (local.set $mean (f64.const 0))
      (local.set $j (i32.const 0))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_s (local.get $j) (local.get $d)))
        (local.set $mean (f64.add (local.get $mean)
          (f64.promote_f32 (f32.load (i32.add (local.get $px) (i32.shl (local.get $j) (i32.const 2)))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l1)))
      (local.set $mean (f64.div (local.get $mean) (local.get $fd)))
      (local.set $var (f64.const 0))
      (local.set $j (i32.const 0))
      (block $d2 (loop $l2
        (br_if $d2 (i32.ge_s (local.get $j) (local.get $d)))
        (local.set $c (f64.sub
          (f64.promote_f32 (f32.load (i32.add (local.get $px) (i32.shl (local.get $j) (i32.const 2)))))
          (local.get $mean)))
        (local.set $var (f64.add (local.get $var) (f64.mul (local.get $c) (local.get $c))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l2)))
      (local.set $rs (f64.div (f64.const 1)
        (f64.sqrt (f64.add (f64.div (local.get $var) (local.get $fd)) (local.get $eps)))))
      (local.set $j (i32.const 0))
      (block $d3 (loop $l3
        (br_if $d3 (i32.ge_s (local.get $j) (local.get $d)))
        (local.set $h (i32.load16_u (i32.add (local.get $g) (i32.shl (local.get $j) (i32.const 1)))))
        (local.set $hb (i32.load16_u (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 1)))))
        (f32.store (i32.add (local.get $py) (i32.shl (local.get $j) (i32.const 2)))
          (f32.demote_f64 (f64.add
            (f64.mul
              (f64.mul
                (f64.sub
                  (f64.promote_f32 (f32.load (i32.add (local.get $px) (i32.shl (local.get $j) (i32.const 2)))))
                  (local.get $mean))
                (local.get $rs))
              (f64.promote_f32 (f32.mul (f32.reinterpret_i32 (i32.or
                (i32.shl (i32.and (local.get $h) (i32.const 0x8000)) (i32.const 16))
                (i32.shl (i32.and (local.get $h) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112))))
            (f64.promote_f32 (f32.mul (f32.reinterpret_i32 (i32.or
              (i32.shl (i32.and (local.get $hb) (i32.const 0x8000)) (i32.const 16))
              (i32.shl (i32.and (local.get $hb) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l3)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $lr))))

  ;; mm_f16's input: to[r·s + i] = x[r·s + i]·2^112 for i < n, r < rows (stride $s values); returns
  ;; max |x| — NaN if any x is NaN — for the caller to take the exact path when it is not < 2^15.
  ;; 2^112·x is exact (or overflows, and then the exact path is taken). Max is the same in any order.
  (func $scale (export "scale") (param $x i32) (param $s i32) (param $rows i32) (param $n i32) (param $to i32) (result f32)
    (local $r i32) (local $px i32) (local $pt i32) (local $end4 i32) (local $end i32) (local $v v128)
    (local $mv v128) (local $m f32) (local $f f32)
    (block $dr (loop $lr
      (br_if $dr (i32.ge_s (local.get $r) (local.get $rows)))
      (local.set $px (i32.add (local.get $x) (i32.shl (i32.mul (local.get $r) (local.get $s)) (i32.const 2))))
      (local.set $pt (i32.add (local.get $to) (i32.shl (i32.mul (local.get $r) (local.get $s)) (i32.const 2))))
      (local.set $end4 (i32.add (local.get $px) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
      (local.set $end (i32.add (local.get $px) (i32.shl (local.get $n) (i32.const 2))))
      (block $d4 (loop $l4
        (br_if $d4 (i32.ge_u (local.get $px) (local.get $end4)))
        (local.set $v (v128.load (local.get $px)))
        (local.set $mv (f32x4.max (local.get $mv) (f32x4.abs (local.get $v))))
        (v128.store (local.get $pt) (f32x4.mul (local.get $v) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112)))
        (local.set $px (i32.add (local.get $px) (i32.const 16)))
        (local.set $pt (i32.add (local.get $pt) (i32.const 16)))
        (br $l4)))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_u (local.get $px) (local.get $end)))
        (local.set $f (f32.load (local.get $px)))
        (local.set $m (f32.max (local.get $m) (f32.abs (local.get $f))))
        (f32.store (local.get $pt) (f32.mul (local.get $f) (f32.const 0x1p112)))
        (local.set $px (i32.add (local.get $px) (i32.const 4)))
        (local.set $pt (i32.add (local.get $pt) (i32.const 4)))
        (br $l1)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $lr)))
    (f32.max (local.get $m)
      (f32.max (f32.max (f32x4.extract_lane 0 (local.get $mv)) (f32x4.extract_lane 1 (local.get $mv)))
        (f32.max (f32x4.extract_lane 2 (local.get $mv)) (f32x4.extract_lane 3 (local.get $mv))))))

  ;; Biases: y[r·ys + j] = b[j] for j < n and 0 for n ≤ j < ys (set_rows), or y[r·ys + j] += b[j] for
  ;; j < n (add_rows), r < rows; b float16 at byte $b, strides in values.
  (func (export "set_rows") (param $y i32) (param $ys i32) (param $rows i32) (param $b i32) (param $n i32)
    (local $r i32) (local $j i32) (local $py i32) (local $h i32)
    (block $dr (loop $lr
      (br_if $dr (i32.ge_s (local.get $r) (local.get $rows)))
      (local.set $py (i32.add (local.get $y) (i32.shl (i32.mul (local.get $r) (local.get $ys)) (i32.const 2))))
      (local.set $j (i32.const 0))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_s (local.get $j) (local.get $n)))
        (local.set $h (i32.load16_u (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 1)))))
        (f32.store (i32.add (local.get $py) (i32.shl (local.get $j) (i32.const 2)))
          (f32.mul (f32.reinterpret_i32 (i32.or
            (i32.shl (i32.and (local.get $h) (i32.const 0x8000)) (i32.const 16))
            (i32.shl (i32.and (local.get $h) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l1)))
      (block $d0 (loop $l0
        (br_if $d0 (i32.ge_s (local.get $j) (local.get $ys)))
        (f32.store (i32.add (local.get $py) (i32.shl (local.get $j) (i32.const 2))) (f32.const 0))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l0)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $lr))))

  (func (export "add_rows") (param $y i32) (param $ys i32) (param $rows i32) (param $b i32) (param $n i32)
    (local $r i32) (local $j i32) (local $py i32) (local $h i32) (local $p i32)
    (block $dr (loop $lr
      (br_if $dr (i32.ge_s (local.get $r) (local.get $rows)))
      (local.set $py (i32.add (local.get $y) (i32.shl (i32.mul (local.get $r) (local.get $ys)) (i32.const 2))))
      (local.set $j (i32.const 0))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_s (local.get $j) (local.get $n)))
        (local.set $h (i32.load16_u (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 1)))))
        (local.set $p (i32.add (local.get $py) (i32.shl (local.get $j) (i32.const 2))))
        (f32.store (local.get $p) (f32.add (f32.load (local.get $p))
          (f32.mul (f32.reinterpret_i32 (i32.or
            (i32.shl (i32.and (local.get $h) (i32.const 0x8000)) (i32.const 16))
            (i32.shl (i32.and (local.get $h) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $l1)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $lr))))

  ;; A token's input: y[j] = a[j·as] + b[j], j < n — its embedding (float16 at byte $a, every $as-th value:
  ;; a row of wte, or a column of the tied head's panels) plus its position's (float16 at byte $b).
  (func (export "embed") (param $y i32) (param $a i32) (param $as i32) (param $b i32) (param $n i32)
    (local $j i32) (local $h i32) (local $hb i32)
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_s (local.get $j) (local.get $n)))
      (local.set $h (i32.load16_u (i32.add (local.get $a) (i32.shl (i32.mul (local.get $j) (local.get $as)) (i32.const 1)))))
      (local.set $hb (i32.load16_u (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 1)))))
      (f32.store (i32.add (local.get $y) (i32.shl (local.get $j) (i32.const 2)))
        (f32.add
          (f32.mul (f32.reinterpret_i32 (i32.or
            (i32.shl (i32.and (local.get $h) (i32.const 0x8000)) (i32.const 16))
            (i32.shl (i32.and (local.get $h) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112))
          (f32.mul (f32.reinterpret_i32 (i32.or
            (i32.shl (i32.and (local.get $hb) (i32.const 0x8000)) (i32.const 16))
            (i32.shl (i32.and (local.get $hb) (i32.const 0x7fff)) (i32.const 13)))) (f32.const 0x1p112))))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $l1))))

  ;; The first index of the largest of n floats at $p (greedy decoding; a NaN is never the largest).
  (func (export "argmax") (param $p i32) (param $n i32) (result i32)
    (local $j i32) (local $best i32) (local $m f32) (local $v f32)
    (local.set $m (f32.load (local.get $p)))
    (local.set $j (i32.const 1))
    (block $d (loop $l
      (br_if $d (i32.ge_s (local.get $j) (local.get $n)))
      (local.set $v (f32.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 2)))))
      (if (f32.gt (local.get $v) (local.get $m)) (then
        (local.set $m (local.get $v))
        (local.set $best (local.get $j))))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $l)))
    (local.get $best))

  ;; SHA-256 (FIPS 180-4) compression of $n 64-byte blocks at byte $p into the state at $h (8 words), with the
  ;; 64 round constants at $k and 64 words of scratch at $w: weights.bin is hashed as it is decoded, in the
  ;; memory it is decoded to. Words in the state are i32 values (the JS twin's Int32Array).
  (func (export "sha256") (param $h i32) (param $k i32) (param $w i32) (param $p i32) (param $n i32)
    (local $i i32) (local $end i32) (local $x i32) (local $y i32) (local $t1 i32) (local $t2 i32)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32) (local $e i32) (local $f i32) (local $g i32)
    (local $hh i32)
    (local.set $end (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 6))))
    (block $done (loop $block
      (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
      ;; W[0…15]: the block's big-endian words.
      (local.set $i (i32.const 0))
      (block $d0 (loop $l0
        (br_if $d0 (i32.ge_u (local.get $i) (i32.const 64)))
        (local.set $x (i32.load (i32.add (local.get $p) (local.get $i))))
        (i32.store (i32.add (local.get $w) (local.get $i))
          (i32.or (i32.and (i32.rotl (local.get $x) (i32.const 8)) (i32.const 0x00ff00ff))
            (i32.and (i32.rotr (local.get $x) (i32.const 8)) (i32.const 0xff00ff00))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $l0)))
      ;; W[16…63] = W[i−16] + σ0(W[i−15]) + W[i−7] + σ1(W[i−2]) ($i in bytes).
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_u (local.get $i) (i32.const 256)))
        (local.set $x (i32.load (i32.add (local.get $w) (i32.sub (local.get $i) (i32.const 60)))))
        (local.set $y (i32.load (i32.add (local.get $w) (i32.sub (local.get $i) (i32.const 8)))))
        (i32.store (i32.add (local.get $w) (local.get $i))
          (i32.add
            (i32.add (i32.load (i32.add (local.get $w) (i32.sub (local.get $i) (i32.const 64))))
              (i32.xor (i32.xor (i32.rotr (local.get $x) (i32.const 7)) (i32.rotr (local.get $x) (i32.const 18)))
                (i32.shr_u (local.get $x) (i32.const 3))))
            (i32.add (i32.load (i32.add (local.get $w) (i32.sub (local.get $i) (i32.const 28))))
              (i32.xor (i32.xor (i32.rotr (local.get $y) (i32.const 17)) (i32.rotr (local.get $y) (i32.const 19)))
                (i32.shr_u (local.get $y) (i32.const 10))))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $l1)))
      (local.set $a (i32.load offset=0 (local.get $h)))
      (local.set $b (i32.load offset=4 (local.get $h)))
      (local.set $c (i32.load offset=8 (local.get $h)))
      (local.set $d (i32.load offset=12 (local.get $h)))
      (local.set $e (i32.load offset=16 (local.get $h)))
      (local.set $f (i32.load offset=20 (local.get $h)))
      (local.set $g (i32.load offset=24 (local.get $h)))
      (local.set $hh (i32.load offset=28 (local.get $h)))
      (local.set $i (i32.const 0))
      (block $d2 (loop $l2
        (br_if $d2 (i32.ge_u (local.get $i) (i32.const 256)))
        ;; t1 = h + Σ1(e) + Ch(e, f, g) + K[i] + W[i]; t2 = Σ0(a) + Maj(a, b, c)
        (local.set $t1 (i32.add (i32.add (i32.add (local.get $hh)
          (i32.xor (i32.xor (i32.rotr (local.get $e) (i32.const 6)) (i32.rotr (local.get $e) (i32.const 11)))
            (i32.rotr (local.get $e) (i32.const 25))))
          (i32.xor (i32.and (local.get $e) (local.get $f))
            (i32.and (i32.xor (local.get $e) (i32.const -1)) (local.get $g))))
          (i32.add (i32.load (i32.add (local.get $k) (local.get $i))) (i32.load (i32.add (local.get $w) (local.get $i))))))
        (local.set $t2 (i32.add
          (i32.xor (i32.xor (i32.rotr (local.get $a) (i32.const 2)) (i32.rotr (local.get $a) (i32.const 13)))
            (i32.rotr (local.get $a) (i32.const 22)))
          (i32.xor (i32.xor (i32.and (local.get $a) (local.get $b)) (i32.and (local.get $a) (local.get $c)))
            (i32.and (local.get $b) (local.get $c)))))
        (local.set $hh (local.get $g))
        (local.set $g (local.get $f))
        (local.set $f (local.get $e))
        (local.set $e (i32.add (local.get $d) (local.get $t1)))
        (local.set $d (local.get $c))
        (local.set $c (local.get $b))
        (local.set $b (local.get $a))
        (local.set $a (i32.add (local.get $t1) (local.get $t2)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $l2)))
      (i32.store offset=0 (local.get $h) (i32.add (i32.load offset=0 (local.get $h)) (local.get $a)))
      (i32.store offset=4 (local.get $h) (i32.add (i32.load offset=4 (local.get $h)) (local.get $b)))
      (i32.store offset=8 (local.get $h) (i32.add (i32.load offset=8 (local.get $h)) (local.get $c)))
      (i32.store offset=12 (local.get $h) (i32.add (i32.load offset=12 (local.get $h)) (local.get $d)))
      (i32.store offset=16 (local.get $h) (i32.add (i32.load offset=16 (local.get $h)) (local.get $e)))
      (i32.store offset=20 (local.get $h) (i32.add (i32.load offset=20 (local.get $h)) (local.get $f)))
      (i32.store offset=24 (local.get $h) (i32.add (i32.load offset=24 (local.get $h)) (local.get $g)))
      (i32.store offset=28 (local.get $h) (i32.add (i32.load offset=28 (local.get $h)) (local.get $hh)))
      (local.set $p (i32.add (local.get $p) (i32.const 64)))
      (br $block))))

  ;; ---- The per-token calls that model.ts made one by one, as one call each: the JS around the kernels
  ;; stays too small for V8 to optimize it (its optimizing compiler pages in more of node's code).

  ;; y += x·W through mm_f16 on x·2^112 (written at $scaled). Returns 0; or 1, leaving y as it was, when an
  ;; |x| is not < 2^15 (or is NaN): the caller takes the exact path then.
  (func (export "mm") (param $x i32) (param $xs i32) (param $rows i32) (param $w i32) (param $ws i32)
    (param $y i32) (param $ys i32) (param $n i32) (param $scaled i32) (result i32)
    (if (i32.eqz (f32.lt
        (call $scale (local.get $x) (local.get $xs) (local.get $rows) (local.get $n) (local.get $scaled))
        (f32.const 32768)))
      (then (return (i32.const 1))))
    (call $mm_f16 (local.get $scaled) (local.get $xs) (local.get $rows) (local.get $w) (local.get $ws)
      (local.get $y) (local.get $ys) (local.get $n))
    (i32.const 0))

  ;; One row's causal self-attention at position $p, over the [heads, T, d/heads] caches at $k and $v: stores
  ;; the row's key and value (from its q | k | v at $qkv) at position p, then per head h: scores[t] =
  ;; q_h · k_h[t] for t ≤ p (dots), softmax of the scores times $scale, att_h = Σ_t scores[t] · v_h[t]
  ;; (mv_f32 into zeros).
  (func (export "attention") (param $qkv i32) (param $k i32) (param $v i32) (param $p i32) (param $d i32)
    (param $heads i32) (param $T i32) (param $scores i32) (param $att i32) (param $scale f32)
    (local $h i32) (local $hd i32) (local $hb i32) (local $at i32) (local $n i32)
    (local.set $hd (i32.div_u (local.get $d) (local.get $heads)))
    (local.set $hb (i32.shl (local.get $hd) (i32.const 2)))
    (block $d0 (loop $l0
      (br_if $d0 (i32.ge_u (local.get $h) (local.get $heads)))
      (local.set $at (i32.mul (i32.add (i32.mul (local.get $h) (local.get $T)) (local.get $p)) (local.get $hb)))
      (memory.copy (i32.add (local.get $k) (local.get $at))
        (i32.add (local.get $qkv) (i32.add (i32.shl (local.get $d) (i32.const 2)) (i32.mul (local.get $h) (local.get $hb))))
        (local.get $hb))
      (memory.copy (i32.add (local.get $v) (local.get $at))
        (i32.add (local.get $qkv) (i32.add (i32.shl (local.get $d) (i32.const 3)) (i32.mul (local.get $h) (local.get $hb))))
        (local.get $hb))
      (local.set $h (i32.add (local.get $h) (i32.const 1)))
      (br $l0)))
    (local.set $n (i32.add (local.get $p) (i32.const 1)))
    (local.set $h (i32.const 0))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $h) (local.get $heads)))
      (local.set $at (i32.mul (i32.mul (local.get $h) (local.get $T)) (local.get $hb)))
      (call $dots (i32.add (local.get $qkv) (i32.mul (local.get $h) (local.get $hb))) (i32.add (local.get $k) (local.get $at))
        (local.get $n) (local.get $hd) (local.get $scores))
      (call $softmax (local.get $scores) (local.get $n) (local.get $scale))
      (memory.fill (i32.add (local.get $att) (i32.mul (local.get $h) (local.get $hb))) (i32.const 0) (local.get $hb))
      (call $mv_f32 (local.get $scores) (i32.add (local.get $v) (local.get $at)) (local.get $hd)
        (i32.add (local.get $att) (i32.mul (local.get $h) (local.get $hb))) (local.get $n) (local.get $hd))
      (local.set $h (i32.add (local.get $h) (i32.const 1)))
      (br $l1))))

  ;; ---- Loading weights.bin.

  ;; base64 → bytes, in place: the $n characters at $p (whole groups of four, no padding) become 3n/4 bytes
  ;; at $p (a group is read before its bytes are written, and 3 < 4). $table: 256 bytes, each character's
  ;; value or -1. Returns 1, or 0 when a character is not base64.
  (func (export "base64") (param $p i32) (param $n i32) (param $table i32) (result i32)
    (local $src i32) (local $end i32) (local $bad i32) (local $a i32) (local $b i32) (local $c i32) (local $d i32)
    (local $v i32)
    (local.set $src (local.get $p))
    (local.set $end (i32.add (local.get $p) (local.get $n)))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
      (local.set $a (i32.load8_s (i32.add (local.get $table) (i32.load8_u offset=0 (local.get $src)))))
      (local.set $b (i32.load8_s (i32.add (local.get $table) (i32.load8_u offset=1 (local.get $src)))))
      (local.set $c (i32.load8_s (i32.add (local.get $table) (i32.load8_u offset=2 (local.get $src)))))
      (local.set $d (i32.load8_s (i32.add (local.get $table) (i32.load8_u offset=3 (local.get $src)))))
      (local.set $bad (i32.or (local.get $bad)
        (i32.or (i32.or (local.get $a) (local.get $b)) (i32.or (local.get $c) (local.get $d)))))
      (local.set $v (i32.or
        (i32.or (i32.shl (local.get $a) (i32.const 18)) (i32.shl (local.get $b) (i32.const 12)))
        (i32.or (i32.shl (local.get $c) (i32.const 6)) (local.get $d))))
      (i32.store8 offset=0 (local.get $p) (i32.shr_u (local.get $v) (i32.const 16)))
      (i32.store8 offset=1 (local.get $p) (i32.shr_u (local.get $v) (i32.const 8)))
      (i32.store8 offset=2 (local.get $p) (local.get $v))
      (local.set $src (i32.add (local.get $src) (i32.const 4)))
      (local.set $p (i32.add (local.get $p) (i32.const 3)))
      (br $next)))
    (i32.ge_s (local.get $bad) (i32.const 0)))

  ;; $n float16 values at $src — in weights.bin's order: row-major [rows, cols], from row $r, column $c — to
  ;; their places in a tensor kept at $dst: $form 0 as they are, 1 in mm_f16's panels, 2 transposed in
  ;; panels (a [cols, rows] matrix: the tied head). Returns 1 if one is Infinity or NaN, else 0.
  (func (export "put") (param $src i32) (param $n i32) (param $dst i32) (param $form i32) (param $rows i32)
    (param $cols i32) (param $r i32) (param $c i32) (result i32)
    (local $end i32) (local $h i32) (local $bad i32) (local $i i32) (local $j i32) (local $m i32) (local $q i32)
    (local.set $end (i32.add (local.get $src) (i32.shl (local.get $n) (i32.const 1))))
    (if (i32.eqz (local.get $form)) (then
      (memory.copy
        (i32.add (local.get $dst) (i32.shl (i32.add (i32.mul (local.get $r) (local.get $cols)) (local.get $c)) (i32.const 1)))
        (local.get $src) (i32.shl (local.get $n) (i32.const 1)))))
    (block $done (loop $next
      (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
      (local.set $h (i32.load16_u (local.get $src)))
      (local.set $bad (i32.or (local.get $bad)
        (i32.eq (i32.and (local.get $h) (i32.const 0x7c00)) (i32.const 0x7c00))))
      (if (local.get $form) (then
        ;; W[i, j] of a matrix of m rows is at ((j >> 5)·m + i)·32 + slot(j & 31) (kernels.ts: panelIndex)
        (if (i32.eq (local.get $form) (i32.const 1))
          (then (local.set $i (local.get $r)) (local.set $j (local.get $c)) (local.set $m (local.get $rows)))
          (else (local.set $i (local.get $c)) (local.set $j (local.get $r)) (local.set $m (local.get $cols))))
        (local.set $q (i32.and (local.get $j) (i32.const 31)))
        (i32.store16
          (i32.add (local.get $dst) (i32.shl (i32.add
            (i32.shl (i32.add (i32.mul (i32.shr_u (local.get $j) (i32.const 5)) (local.get $m)) (local.get $i)) (i32.const 5))
            (i32.or (i32.and (local.get $q) (i32.const 24))
              (select
                (i32.shl (i32.and (local.get $q) (i32.const 7)) (i32.const 1))
                (i32.or (i32.shl (i32.and (local.get $q) (i32.const 3)) (i32.const 1)) (i32.const 1))
                (i32.lt_u (i32.and (local.get $q) (i32.const 7)) (i32.const 4)))))
            (i32.const 1)))
          (local.get $h))))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (if (i32.eq (local.get $c) (local.get $cols)) (then
        (local.set $c (i32.const 0))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))))
      (local.set $src (i32.add (local.get $src) (i32.const 2)))
      (br $next)))
    (local.get $bad))
)
