#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades::disclosure {

// What Article 50 of Regulation (EU) 2024/1689 distinguishes about content: synthetic audio, image, video or
// text (para 2). A deep fake (Art. 3(60)) is image, audio or video content with a further property, so it is
// the flag `deepFake`, not a kind of its own.
enum class ContentKind
{
    Text,
    Image,
    Audio,
    Video,
};

QString kindName(ContentKind kind);

// The facts one disclosure record is built from, as the caller declared them (docs/ai-disclosure.md):
// who made and who uses the content, what it is, and the circumstances Article 50 turns on. Nothing here is
// found out by the service: a record attests what was declared, it detects nothing.
struct DisclosureFacts
{
    // Which request form the facts came in: the content itself (hashed by the service) or its fingerprint.
    enum class Form
    {
        Content, // POST /x402/ai-disclosure: `content` (text) or `content_base64` (bytes)
        Fingerprint, // GET /x402/ai-disclosure: `content_sha256`, the content never sent
        Either, // POST /free/ai-disclosure: the trial takes both forms
    };

    // Bytes of content one record hashes at most (decoded); the MCP endpoint takes bodies far above the HTTP
    // body limit, so the operation bounds its own input.
    static constexpr qsizetype MaxContentBytes = 1024 * 1024;
    static constexpr int MaxNameLength = 200;
    static constexpr int MaxPurposeLength = 500;

    // The content's bytes when it was sent (Content form), else empty and `sha256` holds the caller's hash.
    std::optional<QByteArray> content;
    QString sha256; // 64 lower-case hex digits
    std::optional<qint64> contentLength; // bytes; computed for sent content, declared for a fingerprint

    QString model;
    QString modelProvider;
    QString deployer;
    ContentKind kind = ContentKind::Text;
    QString language = QStringLiteral("de"); // ISO 639 code, lower case, with an optional region
    QString purpose;
    bool deployerInEu = true;
    bool euUsers = true;

    bool interactsWithPersons = false; // para 1: the system interacts directly with natural persons
    bool obviousAi = false; // para 1 exception: obvious to a reasonably well-informed person
    bool emotionRecognition = false; // para 3
    bool biometricCategorisation = false; // para 3
    bool deepFake = false; // para 4, first subparagraph (Art. 3(60))
    bool publicInterest = false; // para 4, second subparagraph: text published to inform the public
    bool humanReview = false; // para 4 text exception, with editorialResponsibility
    QString editorialResponsibility; // the natural or legal person holding editorial responsibility
    bool artisticWork = false; // para 4: evidently artistic, creative, satirical, fictional or analogous
    bool lawEnforcement = false; // paras 1-4: use authorised by law for criminal offences
    bool publicCrimeReporting = false; // para 1: such a system open to the public to report offences
    bool assistiveEditing = false; // para 2 exception: standard editing, input not substantially altered
    bool personalUse = false; // Art. 2(10): a natural person's purely personal non-professional use

    // Reads validated or raw arguments (schema names). Every refusal is a 422 naming the field: a value
    // outside its allowed set, a hash that is not 64 hex digits, content over MaxContentBytes, a deep fake
    // declared for text, the wrong members for `form`. Sent content is kept as bytes, not yet hashed.
    static Result<DisclosureFacts> read(const QJsonObject &arguments, Form form);
    // Sets `sha256` from the sent content (no-op for a fingerprint). One pass over at most MaxContentBytes:
    // callers move large content off the I/O thread first.
    void hashContent();
};

} // namespace ades::disclosure
