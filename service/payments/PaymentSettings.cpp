#include "PaymentSettings.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades {

bool PaymentSettings::isEvmAddress(const QString &text)
{
    static const QRegularExpression pattern(u"^0x[0-9a-fA-F]{40}$"_s);
    return pattern.match(text).hasMatch();
}

bool PaymentSettings::isSolanaAddress(const QString &text)
{
    // Base58 has no 0, O, I or l; a 32-byte key encodes to 32–44 characters.
    static const QRegularExpression pattern(u"^[1-9A-HJ-NP-Za-km-z]{32,44}$"_s);
    return pattern.match(text).hasMatch();
}

QString PaymentSettings::evmAddressProblem(const QString &text)
{
    return isEvmAddress(text) ? QString() : u"must be 0x followed by 40 hex digits"_s;
}

QString PaymentSettings::solanaAddressProblem(const QString &text)
{
    return isSolanaAddress(text) ? QString() : u"must be a base58 Solana address (32 to 44 characters)"_s;
}

SettingSpecs PaymentSettings::all()
{
    return { PayToEvm.spec, PayToSolana.spec, SolanaFeePayer.spec, Networks.spec, MaxTimeoutSeconds.spec,
        CustomCaip2.spec, CustomAsset.spec, CustomEip712Name.spec, CustomEip712Version.spec, RpcFamily.spec };
}

} // namespace ades
