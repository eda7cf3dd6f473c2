#pragma once

#include "rpc/RpcPool.h"

#include <QJsonArray>
#include <QJsonObject>
#include <initializer_list>

class QDateTime;

namespace ades {
class CanonicalWriter;
class Clock;
} // namespace ades

namespace ades::chain {

// The members every agent-chain-data/1 result starts with: contract, chain and chain id, the endpoint that
// answered, the block it observed, when, and the fetch's source snapshot (SPEC.md §2.5, DESIGN.md
// "Evidence").
QJsonObject chainEvidence(const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt);
// The same with the snapshots of several fetches as `sources` (the preflight's branches), filled into a copy
// of `shape`: chainEvidenceShape() with the keys the caller fills next (see JsonShape.h). `contract` comes
// filled.
QJsonObject chainEvidence(const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt,
    const QJsonArray &sources, const QJsonObject &shape);
QJsonObject chainEvidenceShape(std::initializer_list<QString> moreKeys);
QJsonObject chainEvidence(const RpcPool &pool, const RpcPool::Reply &reply, const Clock &clock);
// The same members but `sources`, which the caller writes, into the object `out` has open: for a result
// written as canonical text (the preflight's).
void writeChainEvidence(
    CanonicalWriter &out, const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt);

inline constexpr const char *OutputContract = "agent-chain-data/1";

} // namespace ades::chain
