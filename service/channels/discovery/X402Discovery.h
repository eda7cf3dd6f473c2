#pragma once

#include "core/Usdc.h"
#include "payments/X402Offers.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades {

struct DiscoveryInputs;

// /.well-known/x402: the paid HTTP resources with the payment requirements they offer, in the shape of the
// x402 v2 discovery list (as a facilitator's GET /discovery/resources answers; docs/api.md, Discovery):
// x402Version 2, items with resource URL, type "http", description, mimeType, accepts, lastUpdated. `accepts`
// is computed when asked, from the same offers and network gate as the x402 channel's challenges, so a
// network withdrawn at start-up is not listed. Without a receiving address the list is empty and a note says
// why: nothing is invented.
class X402Discovery
{
public:
    explicit X402Discovery(const DiscoveryInputs &inputs);

    static QString path();
    QJsonObject json() const;

private:
    struct Resource
    {
        QString url;
        QString method;
        QString description;
        QString operationId;
        QString title;
        Usdc price;
    };

    x402::X402Offers m_offers;
    QList<Resource> m_resources;
    QString m_lastUpdated;
};

} // namespace ades
