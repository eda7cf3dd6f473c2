// Fuzz target: IssuerKeyBackup::decrypt(), the reader of passphrase-protected key backups (Ethereum keystore
// v3 JSON), which an operator may bring from anywhere. Input: any bytes, tried with a fixed passphrase.
// Checks, besides crashes and hangs: the scrypt cost a file asks for is bounded before any is spent (the
// seeds use tiny costs, so mutations stay fast), and a key that comes out is a valid key with an address.

#include "crypto/IssuerKeyBackup.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    const ades::Result<ades::PrivateKey> key
        = ades::IssuerKeyBackup::decrypt(json, QStringLiteral("passphrase"));
    if (key.ok()
        && (key.value().address().size() != 42 || !key.value().address().startsWith(QLatin1String("0x"))))
        __builtin_trap();
    if (!key.ok() && key.error().code().isEmpty())
        __builtin_trap();
    return 0;
}
