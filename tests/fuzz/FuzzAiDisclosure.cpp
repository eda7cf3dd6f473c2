// Fuzz target: the request reading of the AI-disclosure operations (DisclosureFacts::read in all three forms,
// as the JSON body of POST /x402/ai-disclosure and /free/ai-disclosure or the MCP arguments arrive) and the
// record built from what it accepts. Input: a JSON document. Looks for a crash, a hang, an accepted request
// whose hash is not 64 lower-case hex digits, content over the bound, a deep fake accepted as text, or a
// record that repeats the content it was sent.
//
// Seeds (seeds/AiDisclosure/): a text body, a base64 image body, a fingerprint with every flag, refusals.

#include "ops/disclosure/Article50.h"
#include "ops/disclosure/DisclosureFacts.h"
#include "ops/disclosure/DisclosureRecord.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <cstdint>

using namespace ades::disclosure;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const QJsonDocument doc = QJsonDocument::fromJson(input);
    if (!doc.isObject())
        return 0;
    static const QRegularExpression hex64(QStringLiteral("^[0-9a-f]{64}$"));
    const QDateTime at = QDateTime::fromSecsSinceEpoch(1795000000, Qt::UTC);
    for (const DisclosureFacts::Form form : { DisclosureFacts::Form::Content,
             DisclosureFacts::Form::Fingerprint, DisclosureFacts::Form::Either }) {
        const ades::Result<DisclosureFacts> facts = DisclosureFacts::read(doc.object(), form);
        if (!facts.ok()) {
            // Every refusal names its field; only a member named "" is named by the empty string.
            if (facts.error().httpStatus() != 422
                || (facts.error().param().isEmpty() && !doc.object().contains(QString())))
                __builtin_trap();
            continue;
        }
        DisclosureFacts f = facts.value();
        f.hashContent();
        if (!hex64.match(f.sha256).hasMatch())
            __builtin_trap();
        if (f.content && (f.content->isEmpty() || f.content->size() > DisclosureFacts::MaxContentBytes))
            __builtin_trap();
        if (f.deepFake && f.kind == ContentKind::Text)
            __builtin_trap();
        const Assessment a = Article50::assess(f);
        if (a.duties.size() != 5)
            __builtin_trap();
        const QByteArray record
            = QJsonDocument(DisclosureRecord::build(f, at, form == DisclosureFacts::Form::Either)).toJson();
        // Content long enough not to occur by chance in the record's own words is never repeated.
        if (f.content && f.content->size() >= 24 && !f.content->contains('"') && !f.content->contains('\\')
            && record.contains(*f.content))
            __builtin_trap();
    }
    return 0;
}
