#include "ops/agentllm/ChatWire.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::agentllm;

// The OpenAI chat-completions wire format as ADES reads an upstream's answer: what counts as a complete
// answer (SPEC §7: anything else is an uncharged 503).
class TestChatWire : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requestCarriesOnlyTheCallersMessages();
    void readAnswer_data();
    void readAnswer();
};

void TestChatWire::requestCarriesOnlyTheCallersMessages()
{
    const QJsonArray messages { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } };
    const QJsonObject body = QJsonDocument::fromJson(ChatWire::request(u"m"_s, messages, 42)).object();
    QCOMPARE(body,
        (QJsonObject { { u"model"_s, u"m"_s }, { u"messages"_s, messages }, { u"max_tokens"_s, 42 },
            { u"stream"_s, false } }));
}

void TestChatWire::readAnswer_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("content"); // empty: not a complete answer
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QString>("model");
    QTest::newRow("openai") << QByteArray(
        R"({"id":"x","object":"chat.completion","model":"gpt-4o-mini-2024-07-18",
        "choices":[{"index":0,"message":{"role":"assistant","content":"Yes."},"finish_reason":"stop"}],
        "usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}})")
                            << u"Yes."_s << QString() << u"gpt-4o-mini-2024-07-18"_s;
    // Some local servers omit model and usage.
    QTest::newRow("no-model-no-usage") << QByteArray(R"({"choices":[{"message":{"content":"Ok"}}]})")
                                       << u"Ok"_s << QString() << u"configured"_s;
    QTest::newRow("at-the-cap") << QByteArray(
        R"({"choices":[{"message":{"content":"Ok"}}],"usage":{"completion_tokens":10}})")
                                << u"Ok"_s << QString() << u"configured"_s;
    QTest::newRow("over-the-cap") << QByteArray(
        R"({"choices":[{"message":{"content":"Ok"}}],"usage":{"completion_tokens":11}})")
                                  << QString() << u"returned 11 output tokens where 10 were asked"_s
                                  << QString();
    QTest::newRow("null-content") << QByteArray(
        R"({"choices":[{"message":{"content":null,"tool_calls":[]}}]})")
                                  << QString() << u"sent an empty answer"_s << QString();
    QTest::newRow("array") << QByteArray("[]") << QString() << u"sent an answer that is not a JSON object"_s
                           << QString();
}

void TestChatWire::readAnswer()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, content);
    QFETCH(QString, problem);
    QFETCH(QString, model);
    QString why;
    const std::optional<ChatAnswer> answer = ChatWire::readAnswer(body, 10, u"configured"_s, &why);
    QCOMPARE(answer.has_value(), !content.isEmpty());
    QCOMPARE(why, problem);
    if (answer) {
        QCOMPARE(answer->content, content);
        QCOMPARE(answer->upstreamModel, model);
        QCOMPARE(answer->askedMaxOutputTokens, 10);
    }
}

QTEST_APPLESS_MAIN(TestChatWire)
#include "TestChatWire.moc"
