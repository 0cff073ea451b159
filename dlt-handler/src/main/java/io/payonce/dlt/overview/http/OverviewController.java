package io.payonce.dlt.overview.http;

import io.payonce.dlt.overview.Overview;
import io.payonce.dlt.overview.OverviewSnapshot;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/overview}: the window of every chart line and every target's state (VIEWER or ADMIN). */
@RestController
class OverviewController {

	private final Overview overview;

	OverviewController(Overview overview) {
		this.overview = overview;
	}

	@GetMapping("/api/v1/overview")
	OverviewSnapshot overview() {
		return this.overview.snapshot();
	}

}
