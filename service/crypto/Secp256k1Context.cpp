#include "Secp256k1Context.h"

#include "SecureMemory.h"

#include <QtGlobal>
#include <memory>
#include <openssl/rand.h>
#include <secp256k1.h>

namespace ades {

namespace {

struct ContextDeleter
{
    void operator()(secp256k1_context *context) const { secp256k1_context_destroy(context); }
};

std::unique_ptr<secp256k1_context, ContextDeleter> createContext()
{
    std::unique_ptr<secp256k1_context, ContextDeleter> context(
        secp256k1_context_create(SECP256K1_CONTEXT_NONE));
    if (!context)
        qFatal("secp256k1: cannot create a context");
    // Blinding the signing multiplications against side channels; a failure here means no entropy, and a
    // signing service without entropy must not start.
    unsigned char seed[32];
    if (RAND_bytes(seed, sizeof seed) != 1)
        qFatal("secp256k1: RAND_bytes failed, no entropy to randomise the context");
    const int randomised = secp256k1_context_randomize(context.get(), seed);
    secureWipe(seed, sizeof seed);
    if (randomised != 1)
        qFatal("secp256k1: context randomisation failed");
    return context;
}

} // namespace

const secp256k1_context_struct *secp256k1Context()
{
    static const std::unique_ptr<secp256k1_context, ContextDeleter> context = createContext();
    return context.get();
}

} // namespace ades
