#pragma once

#include "crypto/CdpSigningKey.h"

#include <QByteArray>
#include <QMutex>
#include <QString>
#include <optional>

namespace ades {
class Settings;
}

namespace ades::market {

// The operator's CDP Secret API key as configured (FundingQrSettings::CdpKeyId, CdpKeySecret), read once and
// kept: reading an EC PEM costs several times what signing with it does (BenchMarketFundingQr). Read again
// only when the secret changes. Thread-safe; CdpSigningKey shares OpenSSL's key, which signs concurrently.
class CdpCredentials
{
public:
    enum class State
    {
        NotConfigured, // id or secret empty
        Unreadable, // the secret is no key (the settings check refuses such a start; kept for safety)
        Ready,
    };
    struct Key
    {
        QString id;
        std::optional<CdpSigningKey> key;
    };

    // The key in force, with `state` saying why there is none.
    Key current(const Settings &settings, State *state) const;

private:
    mutable QMutex m_mutex;
    mutable QByteArray m_secretDigest; // of the secret last read, to notice a change without keeping it twice
    mutable std::optional<CdpSigningKey> m_key;
};

} // namespace ades::market
