;; The trainer's WebAssembly SIMD (128-bit, f32) kernels: matrix multiply, exp (softmax) and GELU.
;; Built into kernels-wasm.ts (base64) by `npm run build:wasm -w @greenhouse/trainer`
;; (scripts/build-wasm.mjs, wabt from npm). elementwise.ts has the JS reference of every function here
;; that gives bit-identical results (same f32 operations in the same order, Math.fround at each step).
;;
;; gemm(a, b, c, M, N, K, sai, sak, ldb, ldc, accumulate)
;;   C[i*ldc + j] (+)= sum_k A[i*sai + k*sak] * B[k*ldb + j]      0 <= i < M, 0 <= j < N
;; Pointers are byte offsets into the exported memory; strides count floats. (sai, sak) = (lda, 1) gives
;; C = A·B and (1, lda) gives C = Aᵀ·B; the caller does C = A·Bᵀ as a transpose of B and then A·B.
;;
;; Blocking: 4 rows × 8 columns of C live in eight f32x4 registers while k runs; each k step loads two
;; vectors of B's row k, broadcasts four elements of A's column k and does 8 multiplies and 8 adds
;; (WebAssembly SIMD 1.0 has no fused multiply-add). Edges use 1×4 vector and 1×1 scalar blocks.
;; Every element of C is summed the same way in every block — start at 0 (or C), then add the f32
;; product of k = 0, 1, 2, … in order, rounding to f32 each time — so the JS reference kernel, which
;; does exactly that with Math.fround, gives bit-identical results.
(module
  (memory (export "memory") 1)

  ;; 4×8 block: A rows pa, pa+sai4, …; B row k at pb + k*ldb4; C rows pc, pc+ldc4, …
  (func $k4x8 (param $pa i32) (param $pb i32) (param $pc i32) (param $K i32)
    (param $sai4 i32) (param $sak4 i32) (param $ldb4 i32) (param $ldc4 i32) (param $acc i32)
    (local $pc1 i32) (local $pc2 i32) (local $pc3 i32) (local $sai8 i32) (local $sai12 i32)
    (local $x0 v128) (local $x1 v128) (local $x2 v128) (local $x3 v128) (local $b0 v128) (local $b1 v128)
    (local $c00 v128) (local $c01 v128) (local $c10 v128) (local $c11 v128)
    (local $c20 v128) (local $c21 v128) (local $c30 v128) (local $c31 v128)
    (local.set $pc1 (i32.add (local.get $pc) (local.get $ldc4)))
    (local.set $pc2 (i32.add (local.get $pc1) (local.get $ldc4)))
    (local.set $pc3 (i32.add (local.get $pc2) (local.get $ldc4)))
    (local.set $sai8 (i32.shl (local.get $sai4) (i32.const 1)))
    (local.set $sai12 (i32.add (local.get $sai8) (local.get $sai4)))
    (if (local.get $acc)
      (then
        (local.set $c00 (v128.load offset=0 (local.get $pc)))
        (local.set $c01 (v128.load offset=16 (local.get $pc)))
        (local.set $c10 (v128.load offset=0 (local.get $pc1)))
        (local.set $c11 (v128.load offset=16 (local.get $pc1)))
        (local.set $c20 (v128.load offset=0 (local.get $pc2)))
        (local.set $c21 (v128.load offset=16 (local.get $pc2)))
        (local.set $c30 (v128.load offset=0 (local.get $pc3)))
        (local.set $c31 (v128.load offset=16 (local.get $pc3)))))
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $K)))
        (local.set $b0 (v128.load offset=0 (local.get $pb)))
        (local.set $b1 (v128.load offset=16 (local.get $pb)))
        (local.set $x0 (v128.load32_splat (local.get $pa)))
        (local.set $x1 (v128.load32_splat (i32.add (local.get $pa) (local.get $sai4))))
        (local.set $x2 (v128.load32_splat (i32.add (local.get $pa) (local.get $sai8))))
        (local.set $x3 (v128.load32_splat (i32.add (local.get $pa) (local.get $sai12))))
        (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $x0) (local.get $b0))))
        (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $x0) (local.get $b1))))
        (local.set $c10 (f32x4.add (local.get $c10) (f32x4.mul (local.get $x1) (local.get $b0))))
        (local.set $c11 (f32x4.add (local.get $c11) (f32x4.mul (local.get $x1) (local.get $b1))))
        (local.set $c20 (f32x4.add (local.get $c20) (f32x4.mul (local.get $x2) (local.get $b0))))
        (local.set $c21 (f32x4.add (local.get $c21) (f32x4.mul (local.get $x2) (local.get $b1))))
        (local.set $c30 (f32x4.add (local.get $c30) (f32x4.mul (local.get $x3) (local.get $b0))))
        (local.set $c31 (f32x4.add (local.get $c31) (f32x4.mul (local.get $x3) (local.get $b1))))
        (local.set $pa (i32.add (local.get $pa) (local.get $sak4)))
        (local.set $pb (i32.add (local.get $pb) (local.get $ldb4)))
        (local.set $K (i32.sub (local.get $K) (i32.const 1)))
        (br $next)))
    (v128.store offset=0 (local.get $pc) (local.get $c00))
    (v128.store offset=16 (local.get $pc) (local.get $c01))
    (v128.store offset=0 (local.get $pc1) (local.get $c10))
    (v128.store offset=16 (local.get $pc1) (local.get $c11))
    (v128.store offset=0 (local.get $pc2) (local.get $c20))
    (v128.store offset=16 (local.get $pc2) (local.get $c21))
    (v128.store offset=0 (local.get $pc3) (local.get $c30))
    (v128.store offset=16 (local.get $pc3) (local.get $c31)))

  ;; 1×4 block.
  (func $k1x4 (param $pa i32) (param $pb i32) (param $pc i32) (param $K i32)
    (param $sak4 i32) (param $ldb4 i32) (param $acc i32)
    (local $c v128)
    (if (local.get $acc) (then (local.set $c (v128.load (local.get $pc)))))
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $K)))
        (local.set $c (f32x4.add (local.get $c)
          (f32x4.mul (v128.load32_splat (local.get $pa)) (v128.load (local.get $pb)))))
        (local.set $pa (i32.add (local.get $pa) (local.get $sak4)))
        (local.set $pb (i32.add (local.get $pb) (local.get $ldb4)))
        (local.set $K (i32.sub (local.get $K) (i32.const 1)))
        (br $next)))
    (v128.store (local.get $pc) (local.get $c)))

  ;; 1×1 block.
  (func $k1x1 (param $pa i32) (param $pb i32) (param $pc i32) (param $K i32)
    (param $sak4 i32) (param $ldb4 i32) (param $acc i32)
    (local $c f32)
    (if (local.get $acc) (then (local.set $c (f32.load (local.get $pc)))))
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $K)))
        (local.set $c (f32.add (local.get $c) (f32.mul (f32.load (local.get $pa)) (f32.load (local.get $pb)))))
        (local.set $pa (i32.add (local.get $pa) (local.get $sak4)))
        (local.set $pb (i32.add (local.get $pb) (local.get $ldb4)))
        (local.set $K (i32.sub (local.get $K) (i32.const 1)))
        (br $next)))
    (f32.store (local.get $pc) (local.get $c)))

  ;; One row i of C from column j0 to N: 1×4 blocks, then 1×1.
  (func $rowTail (param $pa i32) (param $b i32) (param $pc i32) (param $j i32) (param $N i32) (param $K i32)
    (param $sak4 i32) (param $ldb4 i32) (param $acc i32)
    (local $N4 i32)
    (local.set $N4 (i32.and (local.get $N) (i32.const -4)))
    (block $d4 (loop $l4
      (br_if $d4 (i32.ge_u (local.get $j) (local.get $N4)))
      (call $k1x4 (local.get $pa) (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))
        (i32.add (local.get $pc) (i32.shl (local.get $j) (i32.const 2)))
        (local.get $K) (local.get $sak4) (local.get $ldb4) (local.get $acc))
      (local.set $j (i32.add (local.get $j) (i32.const 4)))
      (br $l4)))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $j) (local.get $N)))
      (call $k1x1 (local.get $pa) (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))
        (i32.add (local.get $pc) (i32.shl (local.get $j) (i32.const 2)))
        (local.get $K) (local.get $sak4) (local.get $ldb4) (local.get $acc))
      (local.set $j (i32.add (local.get $j) (i32.const 1)))
      (br $l1))))

  (func (export "gemm")
    (param $a i32) (param $b i32) (param $c i32)
    (param $M i32) (param $N i32) (param $K i32)
    (param $sai i32) (param $sak i32) (param $ldb i32) (param $ldc i32) (param $acc i32)
    (local $i i32) (local $j i32) (local $r i32) (local $pa i32) (local $pc i32)
    (local $sai4 i32) (local $sak4 i32) (local $ldb4 i32) (local $ldc4 i32) (local $M4 i32) (local $N8 i32)
    (local.set $sai4 (i32.shl (local.get $sai) (i32.const 2)))
    (local.set $sak4 (i32.shl (local.get $sak) (i32.const 2)))
    (local.set $ldb4 (i32.shl (local.get $ldb) (i32.const 2)))
    (local.set $ldc4 (i32.shl (local.get $ldc) (i32.const 2)))
    (local.set $M4 (i32.and (local.get $M) (i32.const -4)))
    (local.set $N8 (i32.and (local.get $N) (i32.const -8)))
    ;; rows in blocks of 4
    (block $rows_done (loop $rows
      (br_if $rows_done (i32.ge_u (local.get $i) (local.get $M4)))
      (local.set $pa (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $sai4))))
      (local.set $pc (i32.add (local.get $c) (i32.mul (local.get $i) (local.get $ldc4))))
      (local.set $j (i32.const 0))
      (block $cols_done (loop $cols
        (br_if $cols_done (i32.ge_u (local.get $j) (local.get $N8)))
        (call $k4x8 (local.get $pa) (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))
          (i32.add (local.get $pc) (i32.shl (local.get $j) (i32.const 2)))
          (local.get $K) (local.get $sai4) (local.get $sak4) (local.get $ldb4) (local.get $ldc4) (local.get $acc))
        (local.set $j (i32.add (local.get $j) (i32.const 8)))
        (br $cols)))
      ;; the columns past the last block of 8, row by row
      (local.set $r (i32.const 0))
      (block $tail_done (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $r) (i32.const 4)))
        (call $rowTail
          (i32.add (local.get $pa) (i32.mul (local.get $r) (local.get $sai4))) (local.get $b)
          (i32.add (local.get $pc) (i32.mul (local.get $r) (local.get $ldc4)))
          (local.get $N8) (local.get $N) (local.get $K) (local.get $sak4) (local.get $ldb4) (local.get $acc))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $tail)))
      (local.set $i (i32.add (local.get $i) (i32.const 4)))
      (br $rows)))
    ;; the last M mod 4 rows
    (block $last_done (loop $last
      (br_if $last_done (i32.ge_u (local.get $i) (local.get $M)))
      (call $rowTail
        (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $sai4))) (local.get $b)
        (i32.add (local.get $c) (i32.mul (local.get $i) (local.get $ldc4)))
        (i32.const 0) (local.get $N) (local.get $K) (local.get $sak4) (local.get $ldb4) (local.get $acc))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $last))))
  ;; ---------------------------------------------------------------------------------------------
  ;; include: packages/agent-format/src/exp.wat ($exp4 and $exp1, one source for the trainer and Flora)

  ;; p[i] = exp(p[i]·scale − shift) for i < n; returns Σ p[i]: four lane sums over the first n − n mod 4
  ;; elements, combined as (s0 + s1) + (s2 + s3), then the last n mod 4 added in order.
  (func (export "exp_sum") (param $p i32) (param $n i32) (param $scale f32) (param $shift f32) (result f32)
    (local $end i32) (local $acc v128) (local $v v128) (local $s f32) (local $e f32)
    (local $vs v128) (local $vh v128)
    (local.set $vs (f32x4.splat (local.get $scale)))
    (local.set $vh (f32x4.splat (local.get $shift)))
    (local.set $end (i32.add (local.get $p) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $d4 (loop $l4
      (br_if $d4 (i32.ge_u (local.get $p) (local.get $end)))
      (local.set $v (call $exp4 (f32x4.sub (f32x4.mul (v128.load (local.get $p)) (local.get $vs)) (local.get $vh))))
      (v128.store (local.get $p) (local.get $v))
      (local.set $acc (f32x4.add (local.get $acc) (local.get $v)))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (br $l4)))
    (local.set $s (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
      (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $p) (local.get $end)))
      (local.set $e (call $exp1 (f32.sub (f32.mul (f32.load (local.get $p)) (local.get $scale)) (local.get $shift))))
      (f32.store (local.get $p) (local.get $e))
      (local.set $s (f32.add (local.get $s) (local.get $e)))
      (local.set $p (i32.add (local.get $p) (i32.const 4)))
      (br $l1)))
    (local.get $s))

  ;; GELU, tanh form: u = C·(x + A·x³), t = tanh(u) = 1 − 2/(exp(2u) + 1), y = (0.5·x)·(1 + t).
  ;; C = √(2/π) and A = 0.044715 as f32. Keeps t for the backward pass.
  (func $gelu4 (param $x v128) (param $py i32) (param $pt i32)
    (local $t v128)
    (local.set $t (f32x4.mul (v128.const f32x4 0.7978845608028654 0.7978845608028654 0.7978845608028654 0.7978845608028654)
      (f32x4.add (local.get $x) (f32x4.mul (v128.const f32x4 0.044715 0.044715 0.044715 0.044715)
        (f32x4.mul (f32x4.mul (local.get $x) (local.get $x)) (local.get $x))))))
    (local.set $t (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.div (v128.const f32x4 2 2 2 2)
      (f32x4.add (call $exp4 (f32x4.add (local.get $t) (local.get $t))) (v128.const f32x4 1 1 1 1)))))
    (v128.store (local.get $pt) (local.get $t))
    (v128.store (local.get $py) (f32x4.mul (f32x4.mul (v128.const f32x4 0.5 0.5 0.5 0.5) (local.get $x))
      (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $t)))))

  (func $gelu1 (param $x f32) (param $py i32) (param $pt i32)
    (local $t f32)
    (local.set $t (f32.mul (f32.const 0.7978845608028654)
      (f32.add (local.get $x) (f32.mul (f32.const 0.044715) (f32.mul (f32.mul (local.get $x) (local.get $x)) (local.get $x))))))
    (local.set $t (f32.sub (f32.const 1) (f32.div (f32.const 2)
      (f32.add (call $exp1 (f32.add (local.get $t) (local.get $t))) (f32.const 1)))))
    (f32.store (local.get $pt) (local.get $t))
    (f32.store (local.get $py) (f32.mul (f32.mul (f32.const 0.5) (local.get $x)) (f32.add (f32.const 1) (local.get $t)))))

  (func (export "gelu") (param $px i32) (param $py i32) (param $pt i32) (param $n i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $px) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $d4 (loop $l4
      (br_if $d4 (i32.ge_u (local.get $px) (local.get $end)))
      (call $gelu4 (v128.load (local.get $px)) (local.get $py) (local.get $pt))
      (local.set $px (i32.add (local.get $px) (i32.const 16)))
      (local.set $py (i32.add (local.get $py) (i32.const 16)))
      (local.set $pt (i32.add (local.get $pt) (i32.const 16)))
      (br $l4)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $px) (local.get $end)))
      (call $gelu1 (f32.load (local.get $px)) (local.get $py) (local.get $pt))
      (local.set $px (i32.add (local.get $px) (i32.const 4)))
      (local.set $py (i32.add (local.get $py) (i32.const 4)))
      (local.set $pt (i32.add (local.get $pt) (i32.const 4)))
      (br $l1))))

  ;; GELU backward, in place over dy: dy · ((0.5·(1 + t)) + (0.5·x)·((1 − t²)·C·(1 + 3A·x²))).
  (func (export "gelu_backward") (param $px i32) (param $pt i32) (param $pd i32) (param $n i32)
    (local $end i32) (local $x v128) (local $t v128) (local $xs f32) (local $ts f32)
    (local.set $end (i32.add (local.get $px) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $d4 (loop $l4
      (br_if $d4 (i32.ge_u (local.get $px) (local.get $end)))
      (local.set $x (v128.load (local.get $px)))
      (local.set $t (v128.load (local.get $pt)))
      (v128.store (local.get $pd) (f32x4.mul (v128.load (local.get $pd)) (f32x4.add
        (f32x4.mul (v128.const f32x4 0.5 0.5 0.5 0.5) (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $t)))
        (f32x4.mul (f32x4.mul (v128.const f32x4 0.5 0.5 0.5 0.5) (local.get $x))
          (f32x4.mul
            (f32x4.mul (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (local.get $t) (local.get $t)))
              (v128.const f32x4 0.7978845608028654 0.7978845608028654 0.7978845608028654 0.7978845608028654))
            (f32x4.add (v128.const f32x4 1 1 1 1) (f32x4.mul (v128.const f32x4 0.134145 0.134145 0.134145 0.134145)
              (f32x4.mul (local.get $x) (local.get $x)))))))))
      (local.set $px (i32.add (local.get $px) (i32.const 16)))
      (local.set $pt (i32.add (local.get $pt) (i32.const 16)))
      (local.set $pd (i32.add (local.get $pd) (i32.const 16)))
      (br $l4)))
    (local.set $end (i32.add (local.get $end) (i32.shl (i32.and (local.get $n) (i32.const 3)) (i32.const 2))))
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $px) (local.get $end)))
      (local.set $xs (f32.load (local.get $px)))
      (local.set $ts (f32.load (local.get $pt)))
      (f32.store (local.get $pd) (f32.mul (f32.load (local.get $pd)) (f32.add
        (f32.mul (f32.const 0.5) (f32.add (f32.const 1) (local.get $ts)))
        (f32.mul (f32.mul (f32.const 0.5) (local.get $xs))
          (f32.mul
            (f32.mul (f32.sub (f32.const 1) (f32.mul (local.get $ts) (local.get $ts))) (f32.const 0.7978845608028654))
            (f32.add (f32.const 1) (f32.mul (f32.const 0.134145) (f32.mul (local.get $xs) (local.get $xs)))))))))
      (local.set $px (i32.add (local.get $px) (i32.const 4)))
      (local.set $pt (i32.add (local.get $pt) (i32.const 4)))
      (local.set $pd (i32.add (local.get $pd) (i32.const 4)))
      (br $l1))))
)
