#pragma once

#include "LoopbackHttpServer.h"

#include <QJsonObject>
#include <QList>

namespace ades::test {

// An OpenAI-compatible chat upstream on 127.0.0.1 (POST /v1/chat/completions), as a hosted provider, a
// llama.cpp server or Ollama answers: by default a chat.completion whose content names the last message and
// whose usage counts min(max_tokens, 7) completion tokens. Scripted replies (a 5xx, an empty answer, too many
// tokens ...) are used first, one per request; a delay and being down simulate timeouts and outages. Keeps
// every request it received, so a test can see exactly what reached the model.
class FakeChatUpstream : public LoopbackHttpServer
{
    Q_OBJECT

public:
    explicit FakeChatUpstream(QObject *parent = nullptr);

    QString baseUrl() const; // "http://127.0.0.1:PORT/v1"
    // The next requests get these replies, in order; then the default answer again.
    void script(const QList<Reply> &replies);
    void setDelayMs(int ms) { m_delayMs = ms; }
    void setDown(bool down) { m_down = down; }
    // The model name the default answer reports (the upstream's own name for it).
    void setAnsweringModel(const QString &model) { m_model = model; }
    const QList<Request> &requests() const { return m_requests; }
    QJsonObject lastRequestBody() const;
    void clear();

    // A standard chat.completion with this content and usage.
    static QByteArray completion(const QString &content, qint64 promptTokens, qint64 completionTokens,
        const QString &model = QStringLiteral("fake-model-1"));

protected:
    void handle(QTcpSocket *socket, const Request &request) override;
    bool refusesConnections() const override { return m_down; }

private:
    Reply answer(const Request &request);

    QList<Reply> m_script;
    QList<Request> m_requests;
    QString m_model = QStringLiteral("fake-model-1");
    int m_delayMs = 0;
    bool m_down = false;
};

} // namespace ades::test
