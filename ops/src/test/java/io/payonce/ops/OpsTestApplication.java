package io.payonce.ops;

import org.springframework.boot.SpringBootConfiguration;

/** The configuration the test slices of this module start from; what they test, they import. */
@SpringBootConfiguration
public class OpsTestApplication {

}
