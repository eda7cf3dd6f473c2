#include "JsonRpc.h"

#include "ops/chain/abi/HexQuantity.h"

#include <QJsonDocument>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace ades::chain {

bool RpcAnswer::isError() const
{
    return response.contains(u"error"_s);
}

QJsonValue RpcAnswer::result() const
{
    return response.value(u"result"_s);
}

int RpcAnswer::errorCode() const
{
    return response.value(u"error"_s).toObject().value(u"code"_s).toInt();
}

QString RpcAnswer::errorMessage() const
{
    return response.value(u"error"_s).toObject().value(u"message"_s).toString();
}

QString RpcAnswer::errorData() const
{
    const QJsonValue data = response.value(u"error"_s).toObject().value(u"data"_s);
    if (data.isString())
        return data.toString();
    // Some providers nest it: {"data": {"data": "0x..."}} or {"data": {"result": "0x..."}}.
    const QJsonObject nested = data.toObject();
    for (const QString &key : { u"data"_s, u"result"_s }) {
        if (nested.value(key).isString())
            return nested.value(key).toString();
    }
    return {};
}

bool RpcAnswer::isRateLimit() const
{
    const int code = errorCode();
    return isError() && (code == -32005 || code == -32016 || code == -32090 || code == 429);
}

bool RpcAnswer::isRevert() const
{
    if (!isError())
        return false;
    const int code = errorCode();
    return code == 3 || (code == -32000 && errorMessage().contains(u"revert"_s))
        || (code == -32015 && !errorData().isEmpty());
}

std::optional<Uint256> RpcAnswer::quantity() const
{
    return isError() ? std::nullopt : Hex::quantity(result().toString());
}

std::optional<QByteArray> RpcAnswer::data() const
{
    return isError() ? std::nullopt : Hex::data(result().toString());
}

QByteArray RpcAnswer::revertData() const
{
    return Hex::data(errorData()).value_or(QByteArray());
}

namespace JsonRpc {

QByteArray encodeBatch(const QList<RpcCall> &calls, qint64 firstId)
{
    QJsonArray batch;
    qint64 id = firstId;
    for (const RpcCall &call : calls) {
        batch.append(QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id++ },
            { u"method"_s, call.method }, { u"params"_s, call.params } });
    }
    return QJsonDocument(batch).toJson(QJsonDocument::Compact);
}

std::optional<QList<RpcAnswer>> decodeBatch(const QByteArray &body, qsizetype count, qint64 firstId)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (doc.isNull() || !doc.isArray())
        return std::nullopt;
    const QJsonArray items = doc.array();
    if (items.size() != count)
        return std::nullopt;
    QList<RpcAnswer> answers(count);
    QList<bool> seen(count, false);
    for (const QJsonValue &item : items) {
        const QJsonObject response = item.toObject();
        const QJsonValue id = response.value(u"id"_s);
        // Ids may come back as numbers or as strings of them.
        bool ok = id.isDouble();
        qint64 number = ok ? qint64(id.toDouble()) : id.toString().toLongLong(&ok);
        if (!ok || number < firstId || number >= firstId + count)
            return std::nullopt;
        const qsizetype at = qsizetype(number - firstId);
        if (seen[at] || (!response.contains(u"result"_s) && !response.value(u"error"_s).isObject()))
            return std::nullopt;
        seen[at] = true;
        answers[at].response = response;
    }
    return answers;
}

} // namespace JsonRpc

} // namespace ades::chain
