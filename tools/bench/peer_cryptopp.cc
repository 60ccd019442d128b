// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Crypto++ peers of the benchmark: VMAC-64 and VMAC-128 over AES-128.
 *
 * Per message: Resynchronize(16-byte nonce), Update, Final, with the key set
 * once (SetKeyWithIV).
 *
 * Crypto++ 8.7's VMAC-64 caches the pad AES(nonce with its last bit clear)
 * and may share it between the two nonces that differ only in that bit
 * (the draft's intent), but VMAC_Base::Resynchronize() keeps the cache
 * marked valid when the new nonce's last byte differs from the cached one
 * in more than its low bit: the stale pad gives wrong tags (and pad reuse
 * across nonces).  A reused object is therefore wrapped here: before each
 * Resynchronize() the cache is invalidated unless the new nonce belongs to
 * the cached pair, which restores the draft's behaviour; the sequence check
 * below compares it with a fresh object per nonce.  A second VMAC-64 row
 * ("pad per message") invalidates the cache every time, which is what our
 * code does (one AES per message).  VMAC-128 never caches.
 */
#include <cstdio>
#include <cstring>
#include <cryptopp/aes.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/vmac.h>

#include "bench.h"

namespace {

template <int BITS>
class FixedVMAC : public CryptoPP::VMAC<CryptoPP::AES, BITS> {
public:
	bool pad_per_message = false;

	void resync(const uint8_t *nonce)
	{
		const uint8_t *cached = this->m_nonce();

		if (pad_per_message ||
		    std::memcmp(cached, nonce, 15) || (cached[15] | 1) != (nonce[15] | 1))
			this->m_padCached = false;
		this->Resynchronize(nonce, 16);
	}
};

template <int BITS>
void op_vmac(void *p, const uint8_t *nonce, const uint8_t *msg, size_t len,
	     uint8_t *out)
{
	FixedVMAC<BITS> *m = static_cast<FixedVMAC<BITS> *>(p);

	m->resync(nonce);
	m->Update(msg, len);
	m->TruncatedFinal(out, BITS / 8);
}

template <int BITS>
FixedVMAC<BITS> *vmac_new(const uint8_t key[16])
{
	static const uint8_t iv[16] = { 0 };
	FixedVMAC<BITS> *m = new FixedVMAC<BITS>;

	m->SetKeyWithIV(key, 16, iv, 16);
	return m;
}

template <int BITS>
void vmac_fresh(const uint8_t key[16], const uint8_t nonce[16],
		const uint8_t *msg, size_t len, uint8_t *out)
{
	CryptoPP::VMAC<CryptoPP::AES, BITS> m;

	m.SetKeyWithIV(key, 16, nonce, 16);
	m.Update(msg, len);
	m.TruncatedFinal(out, BITS / 8);
}

char version[48];

} // namespace

extern "C" const char *peer_cryptopp_version(void)
{
	int v = CryptoPP::LibraryVersion();

	std::snprintf(version, sizeof(version), "Crypto++ %d.%d.%d", v / 100,
		      (v / 10) % 10, v % 10);
	return version;
}

extern "C" void peer_cryptopp_add(const uint8_t key[16])
{
	const char *name = peer_cryptopp_version();
	char label[96];
	struct bench_impl *i;
	FixedVMAC<64> *m64;

	std::snprintf(label, sizeof(label), "%s (pad shared by nonce pairs)", name);
	i = bench_add(FAM_VMAC64, "VMAC-64", label, 0, 16, 8, 0, vmac_new<64>(key),
		      op_vmac<64>);
	i->ntp = 1;
	std::snprintf(label, sizeof(label), "%s (pad per message)", name);
	m64 = vmac_new<64>(key);
	m64->pad_per_message = true;
	bench_add(FAM_VMAC64, "VMAC-64", label, 0, 16, 8, 0, m64, op_vmac<64>);
	i = bench_add(FAM_VMAC128, "VMAC-128", name, 0, 16, 16, 0, vmac_new<128>(key),
		      op_vmac<128>);
	i->ntp = 1;
}

/*
 * The wrapped, reused objects against a fresh object per nonce over 40
 * consecutive counter nonces (this is the check that catches the stale
 * pad), for both VMAC-64 rows and VMAC-128.  @raw_wrong counts the wrong
 * tags of an unwrapped reused VMAC-64 object on the same nonces (the bug,
 * reported, not a failure of the benchmark).
 */
extern "C" int peer_cryptopp_sequence_check(const uint8_t key[16], int *raw_wrong)
{
	FixedVMAC<64> *a = vmac_new<64>(key), *b = vmac_new<64>(key);
	FixedVMAC<128> *c = vmac_new<128>(key);
	CryptoPP::VMAC<CryptoPP::AES, 64> raw;	/* reused as documented, unwrapped */
	uint8_t nonce[16] = { 0 }, msg[100], t1[16], t2[16];
	int fails = 0;

	*raw_wrong = 0;
	raw.SetKeyWithIV(key, 16, nonce, 16);

	b->pad_per_message = true;
	for (unsigned int i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 13 + 1);
	for (unsigned int n = 0; n < 40; n++) {
		nonce[14] = (uint8_t)(n >> 8);
		nonce[15] = (uint8_t)(n * 3 + 1);	/* crosses pairs and stays in them */
		if (n % 5 == 4)
			nonce[15] ^= 1;
		vmac_fresh<64>(key, nonce, msg, n, t1);
		op_vmac<64>(a, nonce, msg, n, t2);
		fails += std::memcmp(t1, t2, 8) != 0;
		op_vmac<64>(b, nonce, msg, n, t2);
		fails += std::memcmp(t1, t2, 8) != 0;
		raw.Resynchronize(nonce, 16);
		raw.Update(msg, n);
		raw.TruncatedFinal(t2, 8);
		*raw_wrong += std::memcmp(t1, t2, 8) != 0;
		vmac_fresh<128>(key, nonce, msg, n, t1);
		op_vmac<128>(c, nonce, msg, n, t2);
		fails += std::memcmp(t1, t2, 16) != 0;
	}
	if (fails)
		std::fprintf(stderr, "bench: Crypto++ VMAC sequence check: %d mismatches\n",
			     fails);
	delete a;
	delete b;
	delete c;
	return fails;
}
