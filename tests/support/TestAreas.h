#pragma once

namespace ades {
class ServiceContext;
namespace eu {
class SanctionsLists;
}
} // namespace ades

namespace ades::test {

// The EU area's sanctions lists in a test context, for tests that import or refresh them directly.
eu::SanctionsLists &sanctionsOf(const ServiceContext &context);

} // namespace ades::test
