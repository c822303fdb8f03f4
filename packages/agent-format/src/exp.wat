;; The exp of the model's kernels (softmax, GELU), put in place of the `;; include:` line of the trainer's and
;; Flora's kernels.wat by scripts/build-wasm.mjs, so both compute it bit for bit alike; exp.ts is its JavaScript
;; twin (the tests of both packages compare them).
  ;; exp(x) in f32 (Cephes expf): x = n·ln2 + r, |r| ≤ ln2/2, exp(r) by a degree-7 polynomial,
  ;; times 2^n built from the exponent bits. x is clamped to [-87.3, 88] (no Inf, no NaN). n is x·log2e
  ;; rounded to nearest-even by adding and subtracting 1.5·2^23 (same result in JS with Math.fround).
  ;; Relative error about 1e-7. Each step is one f32 operation; $exp1 is the same on one lane.
  (func $exp4 (param $x v128) (result v128)
    (local $n v128) (local $r v128) (local $p v128)
    (local.set $x (f32x4.min (f32x4.max (local.get $x) (v128.const f32x4 -87.3 -87.3 -87.3 -87.3))
      (v128.const f32x4 88 88 88 88)))
    (local.set $n (f32x4.sub (f32x4.add
      (f32x4.mul (local.get $x) (v128.const f32x4 1.44269504088896341 1.44269504088896341 1.44269504088896341 1.44269504088896341))
      (v128.const f32x4 12582912 12582912 12582912 12582912)) (v128.const f32x4 12582912 12582912 12582912 12582912)))
    (local.set $r (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375))))
    (local.set $r (f32x4.sub (local.get $r) (f32x4.mul (local.get $n) (v128.const f32x4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4))))
    (local.set $p (v128.const f32x4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1)))
    (local.set $p (f32x4.add (f32x4.mul (local.get $p) (local.get $r)) (v128.const f32x4 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1)))
    ;; y = (p·r² + r) + 1, times 2^n
    (local.set $p (f32x4.add (f32x4.add (f32x4.mul (local.get $p) (f32x4.mul (local.get $r) (local.get $r))) (local.get $r))
      (v128.const f32x4 1 1 1 1)))
    (f32x4.mul (local.get $p)
      (i32x4.shl (i32x4.add (i32x4.trunc_sat_f32x4_s (local.get $n)) (v128.const i32x4 127 127 127 127)) (i32.const 23))))

  (func $exp1 (param $x f32) (result f32)
    (local $n f32) (local $r f32) (local $p f32)
    (local.set $x (f32.min (f32.max (local.get $x) (f32.const -87.3)) (f32.const 88)))
    (local.set $n (f32.sub (f32.add (f32.mul (local.get $x) (f32.const 1.44269504088896341)) (f32.const 12582912))
      (f32.const 12582912)))
    (local.set $r (f32.sub (local.get $x) (f32.mul (local.get $n) (f32.const 0.693359375))))
    (local.set $r (f32.sub (local.get $r) (f32.mul (local.get $n) (f32.const -2.12194440e-4))))
    (local.set $p (f32.const 1.9875691500e-4))
    (local.set $p (f32.add (f32.mul (local.get $p) (local.get $r)) (f32.const 1.3981999507e-3)))
    (local.set $p (f32.add (f32.mul (local.get $p) (local.get $r)) (f32.const 8.3334519073e-3)))
    (local.set $p (f32.add (f32.mul (local.get $p) (local.get $r)) (f32.const 4.1665795894e-2)))
    (local.set $p (f32.add (f32.mul (local.get $p) (local.get $r)) (f32.const 1.6666665459e-1)))
    (local.set $p (f32.add (f32.mul (local.get $p) (local.get $r)) (f32.const 5.0000001201e-1)))
    (local.set $p (f32.add (f32.add (f32.mul (local.get $p) (f32.mul (local.get $r) (local.get $r))) (local.get $r))
      (f32.const 1)))
    (f32.mul (local.get $p)
      (f32.reinterpret_i32 (i32.shl (i32.add (i32.trunc_sat_f32_s (local.get $n)) (i32.const 127)) (i32.const 23)))))
