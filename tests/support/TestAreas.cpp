#include "TestAreas.h"

#include "host/ServiceContext.h"
#include "ops/eu/EuArea.h"

using namespace Qt::StringLiterals;

namespace ades::test {

eu::SanctionsLists &sanctionsOf(const ServiceContext &context)
{
    auto *area = dynamic_cast<eu::EuArea *>(context.area(u"eu"_s));
    Q_ASSERT(area);
    return area->sanctions();
}

} // namespace ades::test
