#pragma once

#include "ops/chain/abi/Uint256.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace ades::chain {

// One JSON-RPC 2.0 call to a node.
struct RpcCall
{
    QString method;
    QJsonArray params;
};

// A node's answer to one call: `result`, or `error{code, message, data}`.
struct RpcAnswer
{
    QJsonObject response; // the response object as the node sent it (its id is ours)

    bool isError() const;
    QJsonValue result() const;
    int errorCode() const;
    QString errorMessage() const;
    // error.data as hex text ("0x..."), where geth-family nodes put revert data; empty when absent.
    QString errorData() const;
    // Provider limits (-32005 "limit exceeded", -32016 "over rate limit"): the endpoint is busy, not the
    // answer (../shared/reference/upstreams.md: never parse the message text).
    bool isRateLimit() const;
    // EVM execution reverted (code 3, or -32000 with revert data).
    bool isRevert() const;
    // The result as a quantity or as data; nullopt for an error or another shape.
    std::optional<Uint256> quantity() const;
    std::optional<QByteArray> data() const;
    // The revert data of a revert answer ("0x" when the node gave none).
    QByteArray revertData() const;
};

// Writing a batch and matching the node's answers back to it. Ids are ours (firstId, firstId + 1, ...):
// nodes may reorder batch answers and echo ids in their own types, so answers are matched by id, never
// by position (../shared/reference/upstreams.md).
namespace JsonRpc {

QByteArray encodeBatch(const QList<RpcCall> &calls, qint64 firstId);
// The answers in call order, or nullopt when the body is not a batch answering every id exactly once.
std::optional<QList<RpcAnswer>> decodeBatch(const QByteArray &body, qsizetype count, qint64 firstId);

} // namespace JsonRpc

} // namespace ades::chain
