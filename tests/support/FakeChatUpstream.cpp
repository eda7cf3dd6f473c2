#include "FakeChatUpstream.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::test {

FakeChatUpstream::FakeChatUpstream(QObject *parent)
    : LoopbackHttpServer(parent)
{
    listen();
}

QString FakeChatUpstream::baseUrl() const
{
    return origin() + u"/v1"_s;
}

void FakeChatUpstream::script(const QList<Reply> &replies)
{
    m_script = replies;
}

QJsonObject FakeChatUpstream::lastRequestBody() const
{
    return m_requests.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(m_requests.last().body).object();
}

void FakeChatUpstream::clear()
{
    m_requests.clear();
    m_script.clear();
    m_delayMs = 0;
    m_down = false;
}

QByteArray FakeChatUpstream::completion(
    const QString &content, qint64 promptTokens, qint64 completionTokens, const QString &model)
{
    const QJsonObject body {
        { u"id"_s, u"chatcmpl-fake"_s },
        { u"object"_s, u"chat.completion"_s },
        { u"created"_s, 1764400000 },
        { u"model"_s, model },
        { u"choices"_s,
            QJsonArray { QJsonObject {
                { u"index"_s, 0 },
                { u"message"_s, QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, content } } },
                { u"finish_reason"_s, u"stop"_s },
            } } },
        { u"usage"_s,
            QJsonObject { { u"prompt_tokens"_s, promptTokens }, { u"completion_tokens"_s, completionTokens },
                { u"total_tokens"_s, promptTokens + completionTokens } } },
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

LoopbackHttpServer::Reply FakeChatUpstream::answer(const Request &request)
{
    if (!m_script.isEmpty())
        return m_script.takeFirst();
    if (request.method != "POST" || request.path != u"/v1/chat/completions"_s)
        return Reply { 404, R"({"error":{"message":"not found"}})" };
    const QJsonObject body = QJsonDocument::fromJson(request.body).object();
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    const qint64 cap = body.value(u"max_tokens"_s).toInteger(16);
    const QString last = messages.last().toObject().value(u"content"_s).toString();
    return Reply { 200,
        completion(
            u"Answer to: "_s + last.left(40), qint64(messages.size()) * 5, qMin<qint64>(cap, 7), m_model) };
}

void FakeChatUpstream::handle(QTcpSocket *socket, const Request &request)
{
    m_requests.append(request);
    const Reply reply = answer(request);
    if (m_delayMs <= 0)
        return respond(socket, reply);
    QPointer<QTcpSocket> guarded(socket);
    QTimer::singleShot(m_delayMs, this, [guarded, reply]() {
        if (guarded)
            respond(guarded, reply);
    });
}

} // namespace ades::test

#include "moc_FakeChatUpstream.cpp"
