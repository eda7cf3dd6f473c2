#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace ades {

// One field of a multipart/form-data body (RFC 7578).
struct MultipartPart
{
    QString name; // Content-Disposition name
    QString filename; // Content-Disposition filename; empty for plain fields
    QByteArray contentType; // the part's Content-Type, empty when absent
    QByteArray data;
};

struct MultipartLimits
{
    int maxParts = 16;
    qsizetype maxPartHeaderBytes = 8 * 1024;
};

// A strict, bounded multipart/form-data reader for uploads. The body is already capped by the HTTP
// guard; this adds a cap on the number of parts and on each part's header block, and refuses what
// RFC 7578 deprecates or leaves ambiguous (folded headers, Content-Transfer-Encoding other than binary,
// parts without a name, two parts with the same name, a missing closing delimiter). Errors are 400s
// that name the fault; part data is copied once and never interpreted.
class MultipartFormData
{
public:
    static Result<QList<MultipartPart>> parse(
        const QByteArray &contentType, const QByteArray &body, const MultipartLimits &limits = {});

    // True when the Content-Type's media type is multipart/form-data (parameters ignored).
    static bool isMultipart(const QByteArray &contentType);
    // The boundary parameter (RFC 2046 §5.1.1: 1 to 70 characters), or empty when absent or invalid.
    static QByteArray boundary(const QByteArray &contentType);
};

} // namespace ades
