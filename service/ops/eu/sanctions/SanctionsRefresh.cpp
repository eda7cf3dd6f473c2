#include "SanctionsRefresh.h"

#include "SanctionsLists.h"
#include "core/Clock.h"
#include "upstream/UpstreamClient.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

struct Official
{
    SanctionsEntry::List list;
    const char *url; // the publisher's download address: European Commission FSF, UN, UK FCDO
};

constexpr Official Officials[] = {
    { SanctionsEntry::List::Eu,
        "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/"
        "content?token=dG9rZW4tMjAxNw" },
    { SanctionsEntry::List::Un, "https://scsanctions.un.org/resources/xml/en/consolidated.xml" },
    { SanctionsEntry::List::Uk, "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml" },
};

QString sourceId(SanctionsEntry::List list)
{
    return u"sanctions-"_s + SanctionsEntry::listCode(list);
}

} // namespace

QList<UpstreamSource> SanctionsRefresh::sourceDefaults()
{
    QList<UpstreamSource> sources;
    for (const Official &o : Officials)
        sources.append(UpstreamSource { sourceId(o.list),
            u"Official %1 sanctions list"_s.arg(SanctionsEntry::listCode(o.list).toUpper()),
            QUrl(QString::fromLatin1(o.url)), 120000, {} });
    return sources;
}

SanctionsRefresh::SanctionsRefresh(const UpstreamClient &upstream, SanctionsLists &lists, const Clock &clock)
    : m_upstream(upstream)
    , m_lists(lists)
    , m_clock(clock)
{ }

void SanctionsRefresh::run(std::function<void(int accepted, int refused)> done) const
{
    struct Tally
    {
        int accepted = 0;
        int refused = 0;
    };
    auto tally = std::make_shared<Tally>();
    constexpr int total = int(std::size(Officials));
    SanctionsLists &lists = m_lists;
    const Clock &clock = m_clock;
    for (const Official &official : Officials) {
        UpstreamRequest request;
        request.source = sourceId(official.list);
        request.maxResponseBytes = 128 * 1024 * 1024;
        const SanctionsEntry::List list = official.list;
        m_upstream.fetch(request, [tally, done, list, &lists, &clock](Result<UpstreamResponse> response) {
            QString problem;
            if (!response.ok())
                problem = response.error().message();
            else if (response.value().httpStatus != 200)
                problem = u"HTTP %1"_s.arg(response.value().httpStatus);
            else if (const Result<int> accepted = lists.acceptDownload(list, response.value().body);
                     !accepted.ok())
                problem = accepted.error().message();
            lists.recordRefresh(list, clock.now(), problem);
            if (!problem.isEmpty())
                qWarning("sanctions: keeping the previous %s list: %s",
                    qPrintable(SanctionsEntry::listCode(list)), qPrintable(problem));
            ++(problem.isEmpty() ? tally->accepted : tally->refused);
            if (tally->accepted + tally->refused == total && done)
                done(tally->accepted, tally->refused);
        });
    }
}

} // namespace ades::eu
