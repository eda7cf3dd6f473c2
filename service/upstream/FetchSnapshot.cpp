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
    out.key("bytes"_L1).integer(bytes);
    out.key("fetched_at"_L1).string(isoUtc(fetchedAt));
    out.key("http_status"_L1).integer(httpStatus);
    out.key("name"_L1).string(name);
    out.key("sha256"_L1).string(sha256);
    out.key("source"_L1).string(source);
    out.key("url"_L1).string(url);
    out.endObject();
}

} // namespace ades
