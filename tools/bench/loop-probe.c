// SPDX-License-Identifier: GPL-2.0
/*
 * loop-probe: the bulk loops of the x86-64 tiers called alone on 16 KiB
 * (no L3, no key derivation, no tag, no API; UMAC's NH with and without
 * its POLY-64 steps), fastest of 3000 calls, in
 * TSC cycles per byte: what the "Hardware bound" section of
 * Documentation/benchmarks.md compares with the whole operation to tell the
 * loop's own distance from its bound from the cost around it.  Keys and
 * contexts are zero (the timing does not depend on their values; the
 * GCM-SIV context gets 10 rounds).  Needs AVX-512F, IFMA, VAES, VPCLMULQDQ
 * and BMI2.  Build and run from the top directory (not part of make bench):
 *   cc -O2 -Itools/uapi-shim -Itools/uapi-shim/asm-include -Iinclude -Iarch/x86 \
 *      -Wa,--noexecstack -o build/loop-probe tools/bench/loop-probe.c \
 *      arch/x86/umac-nh-avx2.S arch/x86/umac-nh-avx512.S arch/x86/vmac-avx512.S \
 *      arch/x86/vmac-bmi2.S arch/x86/gcm_siv-vaes-avx512.S arch/x86/gcm_siv-aesni-avx.S
 *   taskset -c 1 build/loop-probe
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
static inline uint64_t tsc(void){uint32_t lo,hi;__asm__ volatile("lfence;rdtsc;lfence":"=a"(lo),"=d"(hi));return ((uint64_t)hi<<32)|lo;}
#define D(t,n) void umac_nh_chunks_##t##_##n(const void*,const void*,size_t,uint64_t*);
D(avx2,1) D(avx2,2) D(avx2,3) D(avx2,4) D(avx512,1) D(avx512,2) D(avx512,3) D(avx512,4)
/* NH with POLY-64 of each chunk's word inside the call (umac-poly.S.inc): io = nh[4], y[4] */
#define P(t,n) void umac_nh_poly_##t##_##n(const void*,const void*,size_t,uint64_t*,const uint64_t*,unsigned long);
P(avx2,1) P(avx2,2) P(avx2,3) P(avx2,4) P(avx512,1) P(avx512,2) P(avx512,3) P(avx512,4)
void vmac_blocks64_avx512(uint64_t*,const void*,size_t,const void*,int); /* int: the "first" flag of newer trees, ignored by older ones */
void vmac_blocks128_avx512(uint64_t*,const void*,size_t,const void*,int);
void vmac_blocks64_bmi2(uint64_t*,const void*,size_t,const void*,int); /* int: the "first" flag, as above */
void kfast_gcmsiv_polyval_vaes_avx512(void*,const void*,size_t);
void kfast_gcmsiv_ctr_vaes_avx512(void*,const void*,void*,size_t);
void kfast_gcmsiv_dec_vaes_avx512(void*,const void*,void*,size_t);
static uint8_t key[1<<17] __attribute__((aligned(64))), data[16384] __attribute__((aligned(64))), out[16384] __attribute__((aligned(64)));
static uint64_t o[1024], poly[4], io[8], pk[8];
#define T(name, call) { double best=1e30; for(int k=0;k<3000;k++){ uint64_t a=tsc(); call; double c=(double)(tsc()-a)/16384; if(c<best)best=c;} printf("%-34s %.4f TSC c/B\n",name,best); }
int main(void){
  for(int i=0;i<16384;i++) data[i]=i*7;
  T("umac nh avx2 x1", umac_nh_chunks_avx2_1(key,data,16,o))
  T("umac nh avx2 x2", umac_nh_chunks_avx2_2(key,data,16,o))
  T("umac nh avx2 x3", umac_nh_chunks_avx2_3(key,data,16,o))
  T("umac nh avx2 x4", umac_nh_chunks_avx2_4(key,data,16,o))
  T("umac nh avx512 x1", umac_nh_chunks_avx512_1(key,data,16,o))
  T("umac nh avx512 x2", umac_nh_chunks_avx512_2(key,data,16,o))
  T("umac nh avx512 x3", umac_nh_chunks_avx512_3(key,data,16,o))
  T("umac nh avx512 x4", umac_nh_chunks_avx512_4(key,data,16,o))
  T("umac nh+poly avx2 x1", umac_nh_poly_avx2_1(key,data,16,io,pk,1))
  T("umac nh+poly avx2 x2", umac_nh_poly_avx2_2(key,data,16,io,pk,1))
  T("umac nh+poly avx2 x3", umac_nh_poly_avx2_3(key,data,16,io,pk,1))
  T("umac nh+poly avx2 x4", umac_nh_poly_avx2_4(key,data,16,io,pk,1))
  T("umac nh+poly avx512 x1", umac_nh_poly_avx512_1(key,data,16,io,pk,1))
  T("umac nh+poly avx512 x2", umac_nh_poly_avx512_2(key,data,16,io,pk,1))
  T("umac nh+poly avx512 x3", umac_nh_poly_avx512_3(key,data,16,io,pk,1))
  T("umac nh+poly avx512 x4", umac_nh_poly_avx512_4(key,data,16,io,pk,1))
  T("vmac64 avx512 (NH+L2)", vmac_blocks64_avx512(poly,data,16,key,0))
  T("vmac128 avx512 (NH+L2)", vmac_blocks128_avx512(poly,data,16,key,0))
  T("vmac64 bmi2 (NH+L2)", vmac_blocks64_bmi2(poly,data,128,key,0))
  key[0x4f]=10;
  T("gcmsiv polyval vaes-avx512", kfast_gcmsiv_polyval_vaes_avx512(key,data,1024))
  T("gcmsiv ctr128 vaes-avx512", kfast_gcmsiv_ctr_vaes_avx512(key,data,out,1024))
  T("gcmsiv dec128 vaes-avx512", kfast_gcmsiv_dec_vaes_avx512(key,data,out,1024))
  return 0;
}
