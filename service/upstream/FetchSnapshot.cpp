#include "FetchSnapshot.h"

#include "core/CanonicalWriter.h"
#include "core/Clock.h"

using namespace Qt::StringLiterals;

namespace ades {

QJsonObject FetchSnapshot::toJson() const
{
    return QJsonObject {
        { u"source"_s, source },
        { u"name"_s, name },
        { u"url"_s, url },
        { u"fetched_at"_s, isoUtc(fetchedAt) },
        { u"http_status"_s, httpStatus },
        { u"bytes"_s, bytes },
        { u"sha256"_s, sha256 },
    };
}

void FetchSnapshot::write(CanonicalWriter &out) const
{
    out.beginObject();
    out.key("bytes").integer(bytes);
    out.key("fetched_at").string(isoUtc(fetchedAt));
    out.key("http_status").integer(httpStatus);
    out.key("name").string(name);
    out.key("sha256").string(sha256);
    out.key("source").string(source);
    out.key("url").string(url);
    out.endObject();
}

} // namespace ades
