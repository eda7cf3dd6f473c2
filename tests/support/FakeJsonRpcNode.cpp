#include "FakeJsonRpcNode.h"

#include <QFile>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::test {

FakeJsonRpcNode::FakeJsonRpcNode(quint64 chainId, QObject *parent)
    : LoopbackHttpServer(parent)
    , m_chainId(chainId)
{
    listen();
}

QString FakeJsonRpcNode::url() const
{
    return origin() + u'/';
}

void FakeJsonRpcNode::route(
    const QString &method, const QJsonObject &answer, const std::optional<QJsonArray> &params)
{
    m_routes.prepend({ method, params, answer });
}

bool FakeJsonRpcNode::routeRecorded(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QJsonObject request;
    QJsonObject response;
    if (path.endsWith(u".io"_s)) {
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (line.startsWith(">> "))
                request = QJsonDocument::fromJson(line.mid(3)).object();
            else if (line.startsWith("<< "))
                response = QJsonDocument::fromJson(line.mid(3)).object();
        }
    } else {
        const QJsonObject doc = QJsonDocument::fromJson(file.readAll()).object();
        request = doc.value(u"request"_s).toObject();
        response = doc.value(u"response"_s).toObject();
    }
    if (request.isEmpty() || response.isEmpty())
        return false;
    QJsonObject answer;
    if (response.contains(u"error"_s))
        answer.insert(u"error"_s, response.value(u"error"_s));
    else
        answer.insert(u"result"_s, response.value(u"result"_s));
    route(request.value(u"method"_s).toString(), answer, request.value(u"params"_s).toArray());
    return true;
}

void FakeJsonRpcNode::setForced(int status, const QByteArray &body)
{
    m_forcedStatus = status;
    m_forcedBody = body;
}

QJsonObject FakeJsonRpcNode::answerOne(const QJsonObject &call)
{
    const QString method = call.value(u"method"_s).toString();
    const QJsonArray params = call.value(u"params"_s).toArray();
    m_methods.append(method);
    QJsonObject answer;
    for (const Route &r : std::as_const(m_routes)) {
        if (r.method == method && r.params && *r.params == params) {
            answer = r.answer;
            break;
        }
    }
    if (answer.isEmpty()) {
        for (const Route &r : std::as_const(m_routes)) {
            if (r.method == method && !r.params) {
                answer = r.answer;
                break;
            }
        }
    }
    if (answer.isEmpty() && method == u"eth_chainId"_s)
        answer.insert(u"result"_s, QString(u"0x"_s + QString::number(m_chainId, 16)));
    if (answer.isEmpty() && method == u"eth_blockNumber"_s)
        answer.insert(u"result"_s, QString(u"0x"_s + QString::number(m_block, 16)));
    if (answer.isEmpty())
        answer.insert(u"error"_s,
            QJsonObject { { u"code"_s, -32601 },
                { u"message"_s, u"the method %1 does not exist/is not available"_s.arg(method) } });
    answer.insert(u"jsonrpc"_s, u"2.0"_s);
    answer.insert(u"id"_s, call.value(u"id"_s));
    return answer;
}

void FakeJsonRpcNode::handle(QTcpSocket *socket, const Request &request)
{
    ++m_requestCount;
    Reply reply;
    if (m_forcedStatus != 0) {
        reply.status = m_forcedStatus;
        reply.body = m_forcedBody;
    } else {
        const QJsonDocument doc = QJsonDocument::fromJson(request.body);
        if (doc.isArray()) {
            QJsonArray answers;
            const QJsonArray calls = doc.array();
            for (const QJsonValue &call : calls)
                answers.prepend(answerOne(call.toObject())); // reversed: clients must match by id
            reply.body = QJsonDocument(answers).toJson(QJsonDocument::Compact);
        } else {
            reply.body = QJsonDocument(answerOne(doc.object())).toJson(QJsonDocument::Compact);
        }
    }
    const QPointer<QTcpSocket> guarded(socket);
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, this, [guarded, reply]() { respond(guarded, reply); });
    else
        respond(guarded, reply);
}

} // namespace ades::test
