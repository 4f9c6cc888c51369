// <experimental/simd>, included once for every user. GCC 12's AVX-512
// intrinsics start from a self-initialised placeholder (_mm512_undefined_pd:
// `__m512d __Y = __Y;`), which -W(maybe-)uninitialized reports wherever a
// masked intrinsic such as _mm512_sqrt_pd is inlined (GCC bug 105593, fixed
// in GCC 13); with -Werror that stops the build on an AVX-512 machine. The
// warning is silenced for these system headers only, not for our code.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>  // x86 only; other targets have no such header
#endif
#include <experimental/simd>
#pragma GCC diagnostic pop
#else
#include <experimental/simd>
#endif
