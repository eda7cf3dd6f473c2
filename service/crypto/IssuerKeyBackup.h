#pragma once

#include "core/Result.h"
#include "crypto/Secp256k1Key.h"

#include <QByteArray>
#include <QString>

namespace ades {

// A backup of the issuer key protected by a passphrase, in the Ethereum keystore v3 format (the format of
// geth, MetaMask and web3 "JSON wallet" files): scrypt derives a key from the passphrase, AES-128-CTR
// encrypts the secret, and keccak256 over the key's second half and the ciphertext proves the passphrase on
// decryption. A wallet can open the file; so can decryptIssuerKeyBackup().
//
// scrypt costs N = 2^17, r = 8, p = 1: 128 MiB and about half a second per try, so that a stolen backup
// resists guessing; web3's "standard" setting is 2^18.
class IssuerKeyBackup
{
public:
    // The keystore JSON for `key`. An empty passphrase is refused (error code "backup_passphrase_empty").
    static Result<QByteArray> encrypt(const PrivateKey &key, const QString &passphrase);
    // The key back from keystore JSON; "backup_passphrase_wrong" when the MAC does not match,
    // "backup_invalid" when the text is no keystore v3 with scrypt and aes-128-ctr. Bounded work: scrypt
    // parameters asking for more work than N * r * p = 2^21 (web3's "standard" cost) or more than 256 MiB are
    // refused before any is spent.
    static Result<PrivateKey> decrypt(const QByteArray &json, const QString &passphrase);
    // Writes the encrypted backup to `path`, created owner-only (0600) before any byte is written; an
    // existing file is replaced only through a fresh file (no writing through a symlink someone placed).
    static Result<bool> writeFile(const PrivateKey &key, const QString &passphrase, const QString &path);
};

} // namespace ades
