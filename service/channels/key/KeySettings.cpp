#include "KeySettings.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades {

QString KeySettings::sha256HexProblem(const QString &value)
{
    static const QRegularExpression hex(u"^[0-9a-fA-F]{64}$"_s);
    return hex.match(value).hasMatch() ? QString() : u"must be 64 hex digits (a SHA-256)"_s;
}

SettingSpecs KeySettings::all()
{
    return { GatewaySecretSha256.spec, GatewayName.spec };
}

} // namespace ades
