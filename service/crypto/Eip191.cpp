#include "Eip191.h"

#include "EthSignature.h"
#include "Hex.h"
#include "Keccak256.h"
#include "Secp256k1Key.h"

using namespace Qt::StringLiterals;

namespace ades {

QByteArray eip191Hash(const QByteArray &message)
{
    QByteArray prefixed = "\x19"
                          "Ethereum Signed Message:\n"
        + QByteArray::number(message.size());
    prefixed.append(message);
    return keccak256(prefixed);
}

QString eip191Sign(const PrivateKey &key, const QByteArray &message)
{
    const QByteArray signature = key.signRecoverable(eip191Hash(message));
    if (signature.isEmpty())
        return {};
    return u"0x"_s + QString::fromLatin1(signature.toHex());
}

std::optional<QString> eip191Recover(const QByteArray &message, const QString &signatureHex)
{
    const std::optional<QByteArray> signature = decodeHex(signatureHex, 65);
    if (!signature)
        return std::nullopt;
    return recoverAddress(eip191Hash(message), *signature);
}

} // namespace ades
