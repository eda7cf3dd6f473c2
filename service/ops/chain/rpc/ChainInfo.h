#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ades::chain {

// One of the five chains SPEC.md §4.5 names, with its public endpoints from
// ../shared/reference/upstreams.md ("EVM JSON-RPC"). Immutable, shared by every thread.
struct ChainInfo
{
    QString name; // "base", the `chain` argument
    quint64 chainId = 0; // EIP-155; every endpoint must answer it to eth_chainId
    QString title; // "Base"
    QString nativeSymbol; // "ETH" or "POL"
    // Rollups charge an L1 data fee (and operators may add one) on top of execution gas; estimates here
    // cover execution gas only and say so.
    bool rollup = false;
    QStringList defaultEndpoints; // in order of preference

    QString sourceId() const; // "evm-base": the upstream source (timeout setting, 503 naming)

    static const QList<ChainInfo> &all();
    static const ChainInfo *find(const QString &name);
    static QStringList names(); // "base", "ethereum", ...
};

} // namespace ades::chain
